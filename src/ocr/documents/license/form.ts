import type { Card, CardLine } from './card';

/*
 * Label → value on a card form. Licences print each field as a Chinese label (English under
 * it) with the value to its right on the same row; the detector may return a label and its
 * value as one line (`性别女`, `档案编号450103901109`) or a value in pieces. Lines are cut at
 * every label they contain, each piece placed along its line by character widths; a field's
 * value is what lies right of its label on its row, up to the next label.
 */

export interface LabelSpec {
  field: string;
  /** the label as printed, with its usual variants */
  zh: string[];
  /** the English name printed under it (spaces removed before matching) */
  en?: RegExp;
}

export interface Piece {
  text: string;
  /** centre and size in the card frame */
  x: number;
  y: number;
  h: number;
  left: number;
  right: number;
  line: CardLine;
  /** where the piece starts and ends in its line's text */
  start: number;
  end: number;
  /** the field whose label this piece is */
  label?: string;
  /** an English caption (a label's translation): never a value */
  caption?: boolean;
}

/** Latin-alphabet words with lower case letters and no digits: the English captions. */
const CAPTION = /^[A-Za-z.'’,()\-]+$/;
const isCaption = (t: string) => CAPTION.test(t) && /[a-z]{2}/.test(t);

/** Relative advance of a character: CJK full width, Latin and digits about half. */
const advance = (c: string) => (/[\u2e80-\u9fff\uff00-\uffef]/.test(c) ? 1 : 0.55);

function cut(line: CardLine, start: number, end: number): Omit<Piece, 'label' | 'caption'> {
  const chars = [...line.text];
  const total = chars.reduce((s, c) => s + advance(c), 0) || 1;
  const before = chars.slice(0, start).reduce((s, c) => s + advance(c), 0);
  const inside = chars.slice(start, end).reduce((s, c) => s + advance(c), 0);
  const left = line.x - line.w / 2 + (line.w * before) / total;
  const right = left + (line.w * inside) / total;
  return { text: chars.slice(start, end).join(''), x: (left + right) / 2, y: line.y, h: line.h, left, right, line, start, end };
}

/** Whether two strings are one substitution, insertion or deletion apart. */
function oneEditApart(a: string[], b: string[]): boolean {
  if (a.length === b.length) return a.filter((c, i) => c !== b[i]).length === 1;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i).every((c, k) => c === long[i + 1 + k]);
}

/**
 * Label matches in a line: exact anywhere (longest first), or, when there is none, a label
 * of 4 or more characters one misread, dropped or extra character off where the line starts
 * (`初次领证日朗`, `核定人数`, `外尺寸` on small print).
 */
function findLabels(text: string, specs: LabelSpec[]): { field: string; start: number; end: number }[] {
  const chars = [...text];
  const variants = specs.flatMap((s) => s.zh.map((zh) => ({ field: s.field, zh: [...zh] }))).sort((a, b) => b.zh.length - a.zh.length);
  const found: { field: string; start: number; end: number }[] = [];
  const free = (s: number, e: number) => found.every((f) => e <= f.start || s >= f.end);
  for (const v of variants) {
    for (let i = 0; i + v.zh.length <= chars.length; i++) {
      if (v.zh.every((c, k) => chars[i + k] === c) && free(i, i + v.zh.length)) found.push({ field: v.field, start: i, end: i + v.zh.length });
    }
  }
  let fuzzy: { field: string; start: number; end: number; length: number } | undefined;
  for (const take of [0, -1, 1]) {
    const v = variants.find((v) => v.zh.length >= 4 && chars.length >= v.zh.length + take && oneEditApart(chars.slice(0, v.zh.length + take), v.zh));
    if (v) {
      fuzzy = { field: v.field, start: 0, end: v.zh.length + take, length: v.zh.length };
      break;
    }
  }
  // a longer label one character off wins over the shorter one inside it (`准率引总质量` is
  // 准牵引总质量, not 总质量)
  const inside = fuzzy ? found.filter((f) => f.end <= fuzzy.end) : [];
  if (fuzzy && (found.length === 0 || (inside.length > 0 && inside.every((f) => f.end - f.start < fuzzy.length)))) {
    found.splice(0, found.length, ...found.filter((f) => f.start >= fuzzy.end), { field: fuzzy.field, start: 0, end: fuzzy.end });
  }
  return found.sort((a, b) => a.start - b.start);
}

export class Form {
  readonly pieces: Piece[] = [];

  constructor(readonly card: Card, readonly specs: LabelSpec[]) {
    for (const line of card.lines) {
      // a dotted guide line read as dots is nothing
      if (/^[.。·…,，:：;；'"`]+$/.test(line.text)) continue;
      const en = specs.find((s) => s.en?.test(line.text));
      if (isCaption(line.text) || en) {
        this.pieces.push({ ...cut(line, 0, [...line.text].length), caption: true, label: en?.field });
        continue;
      }
      let at = 0;
      for (const m of findLabels(line.text, specs)) {
        if (m.start > at) this.pieces.push(cut(line, at, m.start));
        this.pieces.push({ ...cut(line, m.start, m.end), label: m.field });
        at = m.end;
      }
      if (at < [...line.text].length) this.pieces.push(cut(line, at, [...line.text].length));
    }
  }

  /** Chinese labels of a field, top to bottom. */
  labels(field: string): Piece[] {
    return this.pieces.filter((p) => p.label === field && !p.caption).sort((a, b) => a.y - b.y);
  }

  /** English captions of a field (anchors when the Chinese label was not read). */
  captions(field: string): Piece[] {
    return this.pieces.filter((p) => p.label === field && p.caption);
  }

  /** Whether any of the fields' labels (Chinese or English) was read. */
  has(...fields: string[]): boolean {
    return this.pieces.some((p) => p.label !== undefined && fields.includes(p.label));
  }

  /**
   * How a row runs across the card frame near a piece, as dy/dx: 0 on a card photographed
   * square-on; in strong perspective (a card held tilted) rows fan out, and a value two
   * hand-widths right of its label sits a line lower or higher than the one card angle says.
   * Taken from the three nearest long lines (four heights or more: a shorter box has no
   * reliable direction) when they agree on a turn of 2.5° or more against the card.
   */
  slopeAt(piece: Piece): number {
    const cardDegrees = (this.card.angle * 180) / Math.PI;
    const deltas = this.card.lines
      .filter((l) => l.w >= 4 * l.h)
      .sort((a, b) => Math.hypot(a.x - piece.x, a.y - piece.y) - Math.hypot(b.x - piece.x, b.y - piece.y))
      .slice(0, 3)
      .map((l) => ((((l.line.box.angle - cardDegrees + 90) % 180) + 180) % 180) - 90)
      .sort((a, b) => a - b);
    // a box's angle is good to a degree or two: only a turn the nearby lines agree on counts
    if (deltas.length < 2 || Math.sign(deltas[0]!) !== Math.sign(deltas.at(-1)!)) return 0;
    const delta = deltas[deltas.length >> 1]!;
    return Math.abs(delta) < 2.5 || Math.abs(delta) > 25 ? 0 : Math.tan((delta * Math.PI) / 180);
  }

  /**
   * The row of a label: its centre line (values sit a little lower than labels, which have
   * their English under them) and the x where the next label of the row starts; `at(x)` is
   * the row's centre at x, following the row's local slope.
   */
  row(label: Piece): { y: number; h: number; from: number; to: number; at: (x: number) => number } {
    const y = label.caption ? label.y - 1.3 * label.h : label.y + 0.15 * label.h;
    const h = label.caption ? 1.6 * label.h : label.h;
    const slope = this.slopeAt(label);
    const at = (x: number) => y + (x - label.x) * slope;
    const next = this.pieces
      .filter((p) => p.label !== undefined && !p.caption && p !== label && p.left > label.right - 0.2 * h && Math.abs(p.y - at(p.x)) < 0.8 * Math.max(h, p.h))
      .reduce((min, p) => Math.min(min, p.left), Infinity);
    return { y, h, from: label.caption ? label.left - 0.5 * h : label.right - 0.3 * h, to: next, at };
  }

  /**
   * Value pieces right of a label on its row, left to right, up to a gap of more than three
   * line heights (past it is another cell whose label was not read). A box overlapping the
   * label may repeat its last characters (`名孔华` after 姓名): those are dropped.
   */
  valuePieces(label: Piece): Piece[] {
    const row = this.row(label);
    // a long value is on the row where it starts, along its own direction: its centre, a
    // card's width away in perspective, may sit off a row whose local slope the nearby lines
    // (a seal's text among them) made steeper than its own
    const cardDegrees = (this.card.angle * 180) / Math.PI;
    const startY = (p: Piece) => p.y + (p.left - p.x) * Math.tan(((p.line.line.box.angle - cardDegrees) * Math.PI) / 180);
    const onRow = (p: Piece) => Math.abs(p.y - row.at(p.x)) < 0.75 * Math.max(row.h, p.h) || Math.abs(startY(p) - row.at(p.left)) < 0.75 * Math.max(row.h, p.h);
    const pieces = this.pieces
      .filter((p) => p.label === undefined && !p.caption && p.x > row.from + 0.5 * row.h && p.x < row.to && onRow(p))
      .sort((a, b) => a.left - b.left);
    const gap = pieces.findIndex((p, i) => i > 0 && p.left - pieces[i - 1]!.right > 3 * Math.max(row.h, p.h));
    return pieces
      .slice(0, gap < 0 ? undefined : gap)
      .map((p) => {
        if (label.caption || p.left > label.right) return p;
        const zh = [...label.text], text = [...p.text];
        const k = [...Array(zh.length - 1).keys()].map((i) => zh.length - 1 - i).find((n) => n < text.length && zh.slice(-n).every((c, i) => text[i] === c));
        return k ? { ...p, ...cut(p.line, p.start + k, p.end) } : p;
      });
  }

  /**
   * Lines continuing a value below it (a long address wraps): starting near the value's left
   * edge, within two line heights, above the next labelled row.
   */
  continuation(first: Piece): Piece[] {
    const out: Piece[] = [];
    let last = first;
    // labels below, under the value (not those of a page beside this one)
    const labelRows = this.pieces
      .filter((p) => p.label !== undefined && !p.caption && p.y > first.y + 0.5 * first.h && p.left < first.right && p.right > first.left - 4 * first.h)
      .map((p) => p.y - 0.5 * p.h);
    const stop = Math.min(Infinity, ...labelRows);
    for (;;) {
      const next = this.pieces.find(
        (p) => p.label === undefined && !p.caption && p.y > last.y + 0.7 * last.h && p.y < last.y + 2.2 * last.h && p.y < stop
          && Math.abs(p.left - first.left) < 1.5 * first.h && p.start === 0,
      );
      if (!next) return out;
      out.push(next);
      last = next;
    }
  }

  /** The empty part of a label's row, where a value the detector missed would be. */
  emptyRow(label: Piece, width: number): { left: number; right: number; top: number; bottom: number } {
    const row = this.row(label);
    if (label.caption) {
      // only the English caption was read: the Chinese label (wider) and the value sit above
      // and right of it, down to the caption's own line
      const left = label.right + 0.2 * label.h;
      return { left, right: Math.min(row.to - 0.2 * label.h, left + width), top: label.y - 2.6 * label.h, bottom: label.y - 0.1 * label.h };
    }
    const left = row.from + 0.4 * row.h, right = Math.min(row.to - 0.2 * row.h, row.from + width);
    // centred where the row runs at the region's middle (rows fan out in perspective)
    const y = row.at((left + right) / 2);
    return { left, right, top: y - 0.75 * row.h, bottom: y + 0.75 * row.h };
  }

  /** Text after the last label it contains (a region read may take in the end of a label). */
  afterLabels(text: string): string {
    const found = findLabels(text, this.specs);
    return found.length === 0 ? text : [...text].slice(found.at(-1)!.end).join('');
  }
}
