import { useEffect, useMemo, useState } from 'preact/hooks';
import type { AppError } from '../../../protocol/app-error';
import { FILL_PLAN_PORT } from '../../../protocol/messages';
import { browser } from '../../lib/browser';
import { describeError, fromException } from '../../lib/errors';
import { type Box, type FillDocument, type FillField, type InputRef, type MissReason, type Pair, boxesOf, planFill, scoreFor, shapeFor } from '../../lib/fill/plan';
import { usePopup } from '../context';
import { targetTab } from '../target-tab';
import { boxName, byReason, markText, reasonText } from './fill-text';
import { type PlanRow, PlanTable, refKey } from './PlanTable';
import { pickFields } from './pick';
import { type FillReport, type TabScan, applyFill, clearFillMarks, requestFrameAccess, scanTab, showPlan, undoFill } from './tab-fill';

/*
 * Filling a page, seen before and after. Before: every field with the box it will go into
 * (outlined on the page; pointing at a row outlines its box in amber), and the user may choose
 * another box or none. After: what went where, what found no box and why, marks on the page, and
 * one click to undo. A component of its own so the popup and the side panel mount the same one:
 * it needs the popup context (language) and the documents to fill; the tab defaults to the one
 * the popup acts on.
 */

type Phase =
  | { kind: 'scanning' }
  | { kind: 'error'; error: AppError }
  | { kind: 'preview' }
  | { kind: 'filling' }
  | { kind: 'done'; report: FillReport }
  | { kind: 'undone'; restored: number; kept: number };

const MAX_CHOICES = 40;

export interface FillPanelProps {
  documents: FillDocument[];
  /** the tab to fill; by default the active tab of the last focused window */
  tabId?: number;
  onClose(): void;
  /** click-to-fill started in the page (the popup closes itself so the user can click) */
  onPickStarted?(): void;
}

export function FillPanel(props: FillPanelProps) {
  const { t, lang } = usePopup();
  const [phase, setPhase] = useState<Phase>({ kind: 'scanning' });
  const [scan, setScan] = useState<TabScan>();
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [rows, setRows] = useState<PlanRow[]>([]);
  const docs = props.documents;

  const hostOf = (frameId: number) => {
    const origin = scan?.frames.find((f) => f.frameId === frameId)?.origin ?? '';
    return origin.replace(/^https?:\/\//, '');
  };
  const nameOf = (ref: InputRef | undefined) => {
    const box = boxes.find((b) => refKey(b.ref) === refKey(ref));
    return box ? boxName(box, t, hostOf) : '';
  };
  const marksFor = (list: PlanRow[], focus?: InputRef) =>
    list.flatMap((r) =>
      r.to ? [{ ref: r.to, text: markText(r.doc, r.field.label, docs.length), tone: refKey(r.to) === refKey(focus) ? ('focus' as const) : ('plan' as const) }] : [],
    );

  const load = async () => {
    setPhase({ kind: 'scanning' });
    const tabId = props.tabId ?? (await targetTab())?.id;
    if (tabId === undefined) return setPhase({ kind: 'error', error: { key: 'err_no_tab', subs: [] } });
    const res = await scanTab(tabId);
    if (!res.ok) return setPhase({ kind: 'error', error: res.error });
    const found = boxesOf(res.value.frames);
    const plan = planFill(docs, found);
    const next: PlanRow[] = docs.flatMap((doc, di) =>
      doc.fields
        .filter((f) => f.value !== '')
        .flatMap((field) => {
          const choices = found
            .map((box) => ({ box, score: scoreFor(field, box, doc.kind) }))
            .filter(({ box }) => shapeFor(field, box, doc.kind).ok)
            .sort((a, b) => b.score - a.score || a.box.order - b.box.order)
            .slice(0, MAX_CHOICES)
            .map(({ box }) => box);
          // a field may fill two boxes (a date box and a time box): a row for each
          const pairs = plan.pairs.filter((p) => p.doc === di && p.key === field.key);
          if (pairs.length > 0) return pairs.map((p): PlanRow => ({ doc: di, field, choices, to: p.to, value: p.value, ...(p.note ? { note: p.note } : {}) }));
          const miss = plan.missing.find((m) => m.doc === di && m.key === field.key);
          return [{ doc: di, field, choices, reason: miss?.reason ?? 'no_input' }];
        }),
    );
    setScan(res.value);
    setBoxes(found);
    setRows(next);
    setPhase({ kind: 'preview' });
    await showPlan(res.value, marksFor(next));
  };

  // a bug here must show as an error, not as a panel that keeps searching
  const run = (step: () => Promise<void>) => void step().catch((e: unknown) => setPhase({ kind: 'error', error: fromException(e) }));

  useEffect(() => run(load), [docs]);

  // while a plan is outlined, the background knows: if the popup closes on it, the outlines go
  useEffect(() => {
    if (!scan || phase.kind !== 'preview') return;
    const port = browser.runtime.connect({ name: FILL_PLAN_PORT });
    port.postMessage({ tabId: scan.tabId });
    return () => {
      port.postMessage({ tabId: null });
      port.disconnect();
    };
  }, [scan, phase.kind]);

  const retarget = (row: PlanRow, key: string) => {
    const box = boxes.find((b) => refKey(b.ref) === key);
    const shaped = box ? shapeFor(row.field, box, docs[row.doc]!.kind) : undefined;
    const next = rows.map((r): PlanRow => {
      if (r === row) {
        const { to: _to, value: _v, note: _n, ...rest } = r;
        // a field the user drops stays in sight, as "don't fill"
        const { reason: _r, ...kept } = rest;
        return box && shaped?.ok ? { ...kept, to: box.ref, value: shaped.value, ...(shaped.note ? { note: shaped.note } : {}) } : kept;
      }
      // one field per box: the field that had it is left without
      if (box && refKey(r.to) === key) {
        const { to: _to, value: _v, note: _n, ...rest } = r;
        return rest;
      }
      return r;
    });
    setRows(next);
    if (scan) void showPlan(scan, marksFor(next, box?.ref), box?.ref);
  };
  const point = (row: PlanRow | undefined) => {
    if (!scan || phase.kind !== 'preview') return;
    if (!row) void showPlan(scan, marksFor(rows));
    else if (row.to) void showPlan(scan, marksFor(rows, row.to), row.to);
  };

  const planned = rows.filter((r) => r.to);
  // fields no box names are folded away, still there for the user to place by hand
  const shown = rows.filter((r) => r.to || r.reason !== 'no_input');
  const unplaced = rows.filter((r) => !r.to && r.reason === 'no_input');
  const confirm = async () => {
    if (!scan) return;
    setPhase({ kind: 'filling' });
    const pairs: Pair[] = planned.map((r) => ({ doc: r.doc, key: r.field.key, label: r.field.label, raw: r.field.value, value: r.value!, to: r.to!, score: 1 }));
    const res = await applyFill(scan, pairs, (p) => markText(p.doc, p.label, docs.length));
    setPhase(res.ok ? { kind: 'done', report: res.value } : { kind: 'error', error: res.error });
  };
  const undo = async (report: FillReport) => {
    if (!scan) return;
    const { restored, kept } = await undoFill(scan.tabId, report);
    setPhase({ kind: 'undone', restored, kept });
  };
  const close = async () => {
    if (scan) await clearFillMarks(scan.tabId);
    props.onClose();
  };
  const allow = (origins: string[]) => {
    // the permission prompt needs the click's own task: nothing awaited before it
    void requestFrameAccess(origins).then((granted) => {
      if (granted) run(load);
    });
  };
  const pick = async (fields: FillField[]) => {
    if (!scan) return;
    await clearFillMarks(scan.tabId);
    const res = await pickFields(fields, t, scan.tabId);
    if (!res.ok) setPhase({ kind: 'error', error: res.error });
    else props.onPickStarted?.();
  };

  const missing = useMemo(() => {
    if (phase.kind !== 'done') return [];
    const done = new Set(phase.report.done.map((p) => `${p.doc}|${p.key}`));
    const seen = new Set<string>();
    return rows.filter((r) => {
      const k = `${r.doc}|${r.field.key}`;
      if (done.has(k) || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }, [rows, phase]);

  return (
    <section class="fill-panel" aria-live="polite">
      {scan && scan.blocked.length > 0 && phase.kind === 'preview' && (
        <div class="fill-blocked warning">
          <p>{t('fill_blocked', scan.blocked.join('、'))}</p>
          <button type="button" class="fill-allow" onClick={() => allow(scan.blocked)}>
            {t('fill_allow', scan.blocked.map((o) => new URL(o).host).join('、'))}
          </button>
        </div>
      )}
      {phase.kind === 'scanning' && <p class="fill-status">{t('fill_scanning')}</p>}
      {phase.kind === 'error' && <p class="error" role="alert">{describeError(lang, phase.error)}</p>}
      {phase.kind === 'preview' && boxes.length === 0 && !scan?.blocked.length && <p class="fill-status">{t('fill_none')}</p>}
      {(phase.kind === 'preview' || phase.kind === 'filling') && boxes.length > 0 && (
        <>
          <p class="fill-summary">{t('fill_preview', planned.length)}</p>
          <PlanTable rows={shown} docs={docs} name={(b) => boxName(b, t, hostOf)} onRetarget={retarget} onPoint={point} />
          {unplaced.length > 0 && (
            <details class="fill-unplaced">
              <summary>{t('fill_unplaced', unplaced.length)}</summary>
              <PlanTable rows={unplaced} docs={docs} name={(b) => boxName(b, t, hostOf)} onRetarget={retarget} onPoint={point} />
            </details>
          )}
          <footer class="result-actions">
            <button type="button" class="fill-confirm" disabled={planned.length === 0 || phase.kind === 'filling'} onClick={confirm}>
              {t('fill_confirm')}
            </button>
            <button type="button" class="fill-cancel" onClick={close}>
              {t('fill_cancel')}
            </button>
          </footer>
        </>
      )}
      {phase.kind === 'done' && (
        <>
          <p class="fill-summary" role="status">
            {t('fill_done', phase.report.done.length)}
          </p>
          <ul class="fill-report">
            {phase.report.done.map((p, i) => (
              <li key={i} class="ok" data-key={p.key}>
                ✓ {p.label} → {nameOf(p.to)}
                {phase.report.before.get(p) ? <small> {t('fill_replaces', phase.report.before.get(p)!)}</small> : null}
              </li>
            ))}
            {phase.report.failed.map(({ pair, why }, i) => (
              <li key={`f${i}`} class="failed error" data-key={pair.key}>
                ✗ {pair.label} → {nameOf(pair.to)}：{t(why === 'gone' ? 'fill_failed_gone' : 'fill_failed_refused')}
              </li>
            ))}
          </ul>
        </>
      )}
      {phase.kind === 'done' && missing.length > 0 && (
        <div class="fill-missing">
          <p>{t('fill_missing')}</p>
          <ul>
            {/* one line per reason: 网页上没有对应的输入框：购买方名称、… */}
            {byReason(missing).map(([reason, list]) => (
              <li key={reason} data-reason={reason}>
                {reasonText(reason, t)}：{list.map((r) => r.field.label).join('、')}
              </li>
            ))}
          </ul>
          <button type="button" class="fill-pick-missing" onClick={() => pick(missing.map((r) => r.field))}>
            {t('fill_pick_missing')}
          </button>
        </div>
      )}
      {phase.kind === 'done' && (
        <footer class="result-actions">
          <button type="button" class="fill-undo" onClick={() => undo(phase.report)}>
            {t('fill_undo')}
          </button>
          <button type="button" class="fill-finish" onClick={close}>
            {t('fill_finish')}
          </button>
        </footer>
      )}
      {phase.kind === 'undone' && (
        <>
          <p class="fill-summary" role="status">
            {t('fill_undone', phase.restored)}
            {phase.kept > 0 ? ` ${t('fill_undo_kept', phase.kept)}` : ''}
          </p>
          <footer class="result-actions">
            <button type="button" class="fill-finish" onClick={close}>
              {t('fill_finish')}
            </button>
          </footer>
        </>
      )}
      {phase.kind === 'error' && (
        <footer class="result-actions">
          <button type="button" class="fill-retry" onClick={() => run(load)}>
            {t('fill_retry')}
          </button>
          <button type="button" class="fill-cancel" onClick={props.onClose}>
            {t('fill_cancel')}
          </button>
        </footer>
      )}
    </section>
  );
}
