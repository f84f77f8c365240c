import { browser } from '../lib/browser';
import { setValue, undoChanges } from '../lib/fill/apply';
import type { Fillable } from '../lib/fill/describe';
import { type Mark, clearMarks, showMarks } from '../lib/fill/marks';
import { pageState, remember } from '../lib/fill/page-state';
import { scanDocument } from '../lib/fill/scan';
import { publish } from '../lib/injected/publish';
import type { AnswerOf, ArgOf } from '../lib/injected/scripts';

/*
 * Injected on demand (activeTab, or a host permission the user granted) into every frame of the
 * tab the user asked to fill, never declared for all pages. The extension's page (popup or side
 * panel) plans the fill across frames; each frame only reports its boxes, shows marks, writes the
 * values it is given, and takes them back.
 */

function elementsOf(scanId: string): Fillable[] | undefined {
  return pageState().scans.get(scanId);
}

/**
 * Outlines in this frame. Every frame of a fill (with outlines or not) listens for Esc while the
 * fill is shown, and Esc anywhere removes them from every frame (the background passes it on).
 */
function mark(marks: Mark[]): void {
  const state = pageState();
  if (marks.length > 0) showMarks(marks);
  else clearMarks();
  if (state.onEscape) return;
  state.onEscape = (e) => {
    if (e.key !== 'Escape') return;
    unmark();
    void browser.runtime.sendMessage({ type: 'fill.clear', body: {} }).catch(() => {});
  };
  document.addEventListener('keydown', state.onEscape, true);
}

function unmark(): void {
  const state = pageState();
  clearMarks();
  if (state.onEscape) document.removeEventListener('keydown', state.onEscape, true);
  state.onEscape = undefined;
}

function fillScan(): AnswerOf<'fillScan'> {
  const { scan, elements } = scanDocument(document);
  const scanId = crypto.randomUUID();
  remember(pageState().scans, scanId, elements);
  return { ...scan, scanId };
}

function fillMark(arg: ArgOf<'fillMark'>): AnswerOf<'fillMark'> {
  const els = elementsOf(arg.scanId) ?? [];
  const marks: Mark[] = arg.marks.flatMap((m) => (els[m.index] ? [{ el: els[m.index]!, text: m.text, tone: m.tone }] : []));
  mark(marks);
  if (arg.reveal !== undefined) els[arg.reveal]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return { shown: marks.length };
}

function fillApply(arg: ArgOf<'fillApply'>): AnswerOf<'fillApply'> {
  const els = elementsOf(arg.scanId);
  const state = pageState();
  const changes = state.fills.get(arg.fillId) ?? [];
  const marks: Mark[] = [];
  const results = arg.items.map((item) => {
    const el = els?.[item.index];
    if (!el || !el.isConnected) return { index: item.index, state: 'gone' as const, before: '' };
    const before = el.value;
    const after = setValue(el, item.value);
    // a box that keeps something else refused the value (a number box given text, a select without it)
    if (after !== item.value) {
      marks.push({ el, text: item.text, tone: 'fail' });
      return { index: item.index, state: 'refused' as const, before };
    }
    changes.push({ el, before, after });
    marks.push({ el, text: `${item.text} ✓`, tone: 'done' });
    return { index: item.index, state: 'ok' as const, before };
  });
  remember(state.fills, arg.fillId, changes);
  mark(marks);
  return { results };
}

function fillUndo(arg: ArgOf<'fillUndo'>): AnswerOf<'fillUndo'> {
  const state = pageState();
  const changes = state.fills.get(arg.fillId);
  unmark();
  if (!changes) return { restored: 0, kept: 0 };
  state.fills.delete(arg.fillId);
  return undoChanges(changes);
}

function fillClear(): AnswerOf<'fillClear'> {
  unmark();
  return true;
}

publish('fillScan', fillScan);
publish('fillMark', fillMark);
publish('fillApply', fillApply);
publish('fillUndo', fillUndo);
publish('fillClear', fillClear);
