import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FAMILY } from '../fonts';
import type { Random } from '../text';

/*
 * Dot-matrix print as taxi meters make it: Latin letters, digits and signs from a 5×7 cell
 * font (the classic HD44780-style shapes with an open 0 as receipt printers print it, 6 dots apart), Chinese characters rasterised from
 * the face on a 14-dot grid of finer dots (printers carry 16-dot Chinese fonts), each set cell
 * printed as a round dot, some of them faint (a worn ribbon). Rasterising a proportional
 * sans for the digits instead made 6 and 5, S and 5 the same dot pattern.
 */

const FONT: Record<string, string> = {
  '0': '01110 10001 10001 10001 10001 10001 01110', '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111', '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010', '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110', '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110', '9': '01110 10001 10001 01111 00001 00010 01100',
  A: '01110 10001 10001 10001 11111 10001 10001', B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110', D: '11100 10010 10001 10001 10001 10010 11100',
  E: '11111 10000 10000 11110 10000 10000 11111', F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111', H: '10001 10001 10001 11111 10001 10001 10001',
  J: '00111 00010 00010 00010 00010 10010 01100', K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111', M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001', P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101', R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110', T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110', V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010', X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 10001 01010 00100 00100 00100', Z: '11111 00001 00010 00100 01000 10000 11111',
  k: '10000 10000 10010 10100 11000 10100 10010', m: '00000 00000 11010 10101 10101 10001 10001',
  ':': '00000 01100 01100 00000 01100 01100 00000', '.': '00000 00000 00000 00000 00000 01100 01100',
  '-': '00000 00000 00000 11111 00000 00000 00000', '¥': '10001 01010 11111 00100 11111 00100 00100',
  ' ': '00000 00000 00000 00000 00000 00000 00000',
};

/** Latin cells: 7 of 9 rows of the line. Chinese: a 14-dot raster, its dots denser (16-dot fonts). */
const ROWS = 9;
const CHINESE = 14;

function chineseDots(char: string): { width: number; set: [number, number][] } {
  const probe = createCanvas(CHINESE * 2, CHINESE + 2);
  const p = probe.getContext('2d');
  p.font = `${CHINESE}px ${FAMILY}`;
  p.textBaseline = 'top';
  p.fillStyle = '#000000';
  p.fillText(char, 0, 0);
  const px = p.getImageData(0, 0, probe.width, probe.height).data;
  const set: [number, number][] = [];
  for (let row = 0; row < probe.height; row++) {
    for (let col = 0; col < probe.width; col++) if (px[(row * probe.width + col) * 4 + 3]! >= 90) set.push([col, row]);
  }
  return { width: Math.ceil(p.measureText(char).width) + 1, set };
}

/** Prints `text` `height` px high with its top at `y`, starting at `x` or ending there. */
export function dotText(ctx: SKRSContext2D, text: string, x: number, y: number, height: number, align: 'left' | 'right', rnd: Random): void {
  const latin = height / ROWS, chinese = (1.1 * height) / CHINESE;
  // dots as [x, y, radius] in pixels from the text's top left
  const dots: [number, number, number][] = [];
  let advance = 0;
  for (const char of text) {
    const glyph = FONT[char] ?? FONT[char.toUpperCase()];
    if (glyph) {
      glyph.split(' ').forEach((bits, row) => [...bits].forEach((b, col) => {
        if (b === '1') dots.push([advance + (col + 0.5) * latin, (row + 1.5) * latin, 0.42 * latin]);
      }));
      advance += 6 * latin;
    } else {
      const c = chineseDots(char);
      for (const [col, row] of c.set) dots.push([advance + (col + 0.5) * chinese, (row - 0.5) * chinese, 0.45 * chinese]);
      advance += c.width * chinese;
    }
  }
  const left = align === 'left' ? x : x - advance;
  const ink = 10 + Math.floor(rnd() * 40);
  for (const [dx, dy, r] of dots) {
    // a worn ribbon: some dots print faint
    ctx.fillStyle = `rgba(${ink},${ink},${ink + 10},${(0.6 + rnd() * 0.4).toFixed(2)})`;
    ctx.beginPath();
    ctx.arc(left + dx, y + dy, r, 0, Math.PI * 2);
    ctx.fill();
  }
}
