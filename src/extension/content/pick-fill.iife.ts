import { browser } from '../lib/browser';
import { setValue } from '../lib/fill/apply';
import { type Fillable, isFillable } from '../lib/fill/describe';
import { type Mark, clearMarks, showMarks } from '../lib/fill/marks';
import { pageState } from '../lib/fill/page-state';
import { factsOf, scanDocument, visible } from '../lib/fill/scan';
import { shapeValue } from '../lib/fill/shape';
import { publish } from '../lib/injected/publish';
import type { ArgOf } from '../lib/injected/scripts';
import type { RequestOf } from '../../protocol/messages';
import { showBanner } from '../lib/fill/banner';

/*
 * Click-to-fill as a sequence: the user picks a field in the panel, clicks the box it belongs in,
 * and the next field is offered, in whichever frame the boxes are. Every frame of the tab runs
 * the same sequence; the frame where a box was clicked fills it and tells the background, which
 * moves every frame to the next step (fill.pickStep). The top frame shows the banner; Esc in any
 * frame, or 结束 on the banner, ends it everywhere and removes every banner and outline.
 */

const DONE_MS = 2500;

function step(body: RequestOf<'fill.pickStep'>): void {
  // typed but not validated here: this script stays small, and the background validates anyway
  void browser.runtime.sendMessage({ type: 'fill.pickStep', body }).catch(() => {});
}

function target(e: Event): Fillable | undefined {
  const el = e.target instanceof Element ? e.target.closest('input, textarea, select') : null;
  return el && isFillable(el) && visible(el) ? el : undefined;
}

function pickStart(arg: ArgOf<'pickStart'>): true {
  const state = pageState();
  state.pick?.stop();
  const { seq, steps, texts } = arg;
  let at = arg.at;
  let hover: Fillable | undefined;
  let doneTimer: ReturnType<typeof setTimeout> | undefined;
  const filled: Mark[] = [];
  const dates = scanDocument(document).scan.dateHints;
  const banner = window === window.top ? showBanner(texts, { skip: () => step({ seq, next: at + 1 }), end: () => step({ seq, end: true }) }) : undefined;

  const render = () => {
    const current = steps[at];
    const marks = [...filled];
    if (current && hover) marks.push({ el: hover, text: current.label, tone: 'hover' });
    if (marks.length > 0) showMarks(marks);
    else clearMarks();
    banner?.show(at, steps.length, current);
  };
  const onOver = (e: Event) => {
    const el = target(e);
    if (el === hover) return;
    hover = el;
    render();
  };
  const onClick = (e: Event) => {
    const el = target(e);
    const current = steps[at];
    if (!el || !current) return;
    const shaped = shapeValue(current.key, current.value, factsOf(el), dates);
    if (!shaped.ok || setValue(el, shaped.value) === '') {
      showMarks([...filled, { el, text: current.label, tone: 'fail' }]);
      return;
    }
    filled.push({ el, text: `${current.label} ✓`, tone: 'done' });
    at += 1;
    render();
    step({ seq, next: at });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    stop();
    step({ seq, end: true });
  };
  const stop = () => {
    clearTimeout(doneTimer);
    document.removeEventListener('mouseover', onOver, true);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKey, true);
    banner?.remove();
    clearMarks();
    if (pageState().pick?.seq === seq) pageState().pick = undefined;
  };
  const goto = (n: number) => {
    at = n;
    render();
    if (at >= steps.length && doneTimer === undefined) doneTimer = setTimeout(stop, DONE_MS);
  };
  // capture phase: the page's own handlers must not swallow the click first
  document.addEventListener('mouseover', onOver, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  state.pick = { seq, stop, goto };
  render();
  return true;
}

function pickGoto(arg: ArgOf<'pickGoto'>): boolean {
  const pick = pageState().pick;
  if (pick?.seq !== arg.seq) return false;
  pick.goto(arg.at);
  return true;
}

function pickEnd(arg: ArgOf<'pickEnd'>): boolean {
  const pick = pageState().pick;
  if (pick?.seq !== arg.seq) return false;
  pick.stop();
  return true;
}

publish('pickStart', pickStart);
publish('pickGoto', pickGoto);
publish('pickEnd', pickEnd);
