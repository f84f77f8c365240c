import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { renderPlateCase } from '../../test/support/synth/documents/plate-scenes';
import type { PlateKind } from '../../test/support/synth/documents/plate';
import { randomVin } from '../../test/support/synth/documents/vin';
import { FAMILY } from '../../test/support/synth/fonts';
import { seeded } from '../../test/support/synth/text';
import { seed, sqliteBackend, startRole } from './deployment';
import { repoRoot } from './processes';
import { processCpuMs, settled } from './proc-cpu';
import { median } from './stats';

/*
 * Small images as a client sees them (issue 17, item 5): single text lines (2582-11), plate
 * crops of every colour/layout and the real CCPD crops and 94×24 squeezes (2582-20), VIN strips
 * (2582-18), each sent over HTTP to a gateway started as `npm start` runs it, timed from the
 * request to the parsed answer; and `paddleocr` reading the same file in its own process
 * (decode included), in turns with the gateway so that machine load hits both alike. Rows per
 * category: median times over every call on its images, and how many of its images each engine
 * read right (a faster answer that reads differently is no gain). The goal: no more than 0.8×
 * paddleocr. Each takes its turn once the other has gone quiet (paddleocr's ONNX Runtime threads
 * spin on after an answer). Beside the times, the CPU each spent per call (ours: every thread of
 * the gateway process, HTTP included; paddleocr: its process during the read), which holds on a
 * loaded machine where wall times do not.
 */

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export interface SmallImage {
  name: string;
  /** the row it is reported in */
  category: string;
  point: string;
  path: string;
  mime: string;
  /** the text, plate number or VIN it shows */
  truth: string;
}

const REPEATS = Number(process.env.SMALL_REPEATS ?? 5);

function strip(text: string, width: number, height: number, size: number, mono = false): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f7f6f2';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#161616';
  ctx.font = `${size}px ${mono ? 'monospace' : FAMILY}`;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 10, height / 2);
  return canvas.toBuffer('image/png');
}

/** Tight crops of these synthetic plates, one row per colour/layout. */
const CROP_KINDS: { kind: PlateKind; layout: string }[] = [
  { kind: 'blue', layout: 'blue' },
  { kind: 'yellow', layout: 'yellow' },
  { kind: 'yellow-double', layout: 'yellow double-row' },
  { kind: 'coach', layout: 'yellow 学' },
  { kind: 'green-small', layout: 'green new-energy small' },
  { kind: 'green-large', layout: 'green new-energy large' },
  { kind: 'police', layout: 'white 警' },
  { kind: 'hongkong', layout: 'black 港' },
];

/** The small images, written to `dir`. */
export async function smallImages(dir: string): Promise<SmallImage[]> {
  const file = (name: string, bytes: Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const fixture = (name: string) => join(repoRoot, 'test/fixtures/plate', name);
  const labels = JSON.parse(readFileSync(fixture('labels.json'), 'utf8')) as Record<string, string>;
  const images: SmallImage[] = [];
  const line = (text: string, w: number, h: number, size: number) =>
    images.push({ name: `text line ${w}×${h}`, category: 'text line', point: '2582-11', path: file(`line-${w}x${h}.png`, strip(text, w, h, size)), mime: 'image/png', truth: text });
  line('在中国作家协会第三届儿童文学', 460, 48, 30);
  line('发票代码144031900111', 320, 40, 26);
  line('购买方名称：深圳市南山区科技园有限公司', 700, 36, 24);
  const rnd = seeded(17);
  for (const [w, h, size] of [[520, 56, 34], [440, 40, 28]] as const) {
    const vin = randomVin(rnd);
    images.push({ name: `VIN strip ${w}×${h}`, category: 'VIN strip', point: '2582-18', path: file(`vin-${w}x${h}.png`, strip(vin, w, h, size, true)), mime: 'image/png', truth: vin });
  }
  for (const name of ['ccpd-crop-3.jpg', 'ccpd-crop-4.jpg', 'ccpd-crop-5.jpg']) {
    images.push({ name: `plate crop ${name}`, category: 'plate crop, real (CCPD)', point: '2582-20', path: fixture(name), mime: 'image/jpeg', truth: labels[name]! });
  }
  for (const name of ['ccpd-94x24-1.jpg', 'ccpd-94x24-2.jpg']) {
    images.push({ name: `plate 94×24 ${name}`, category: 'plate 94×24, real (CCPD)', point: '2582-20', path: fixture(name), mime: 'image/jpeg', truth: labels[name]! });
  }
  for (const [i, { kind, layout }] of CROP_KINDS.entries()) {
    for (const s of [1, 2]) {
      const plate = await renderPlateCase(1700 + 10 * i + s, kind, 'tight-crop');
      images.push({ name: plate.name, category: `plate crop, ${layout}`, point: '2582-20', path: file(`${plate.name}.jpg`, plate.bytes), mime: 'image/jpeg', truth: plate.number });
    }
  }
  return images;
}

export interface SmallRow {
  category: string;
  point: string;
  images: number;
  http: number;
  paddle: number;
  /** mean CPU ms per call: the gateway process, paddleocr's process */
  httpCpu: number;
  paddleCpu: number;
  /** images whose answer through HTTP is the truth */
  oursRight: number;
  /** images in whose paddleocr lines the truth is read */
  paddleRight: number;
}

const compact = (text: string) => text.replace(/[\s·•.。]/g, '');

/** What a client takes from the answer: the lines' text, the most confident plate, the VIN. */
function answer(point: string, data: Record<string, unknown>): string {
  if (point === '2582-11') return (data.Results as { Text: string }[]).map((r) => r.Text).join('');
  if (point === '2582-18') return String(data.VinCode ?? '');
  const plates = [...((data.Plates as { PlateNumber: string; Confidence: number }[]) ?? [])].sort((a, b) => b.Confidence - a.Confidence);
  return plates[0]?.PlateNumber ?? '';
}

/**
 * Median times per category, `read(path)` being paddleocr's in-process time and lines for one
 * file. The gateway runs as `npm start` does alone (SQLite, its own recognition pool).
 */
export async function measureSmall(
  images: SmallImage[],
  read: (path: string) => Promise<{ ms: number; cpuMs: number; lines: string[] }>,
  paddlePid: number,
): Promise<SmallRow[]> {
  const backend = sqliteBackend('');
  const data = await seed(backend.databaseUrl);
  const gateway = await startRole('gateway', 'gateway', backend);
  try {
    const call = async (image: SmallImage) => {
      await settled(paddlePid);
      let cpu = processCpuMs(gateway.pid);
      const body = `ImageURL=${encodeURIComponent(`data:${image.mime};base64,${readFileSync(image.path).toString('base64')}`)}&ds_id=local&MinHeight=0`;
      const t = performance.now();
      const res = await fetch(`${gateway.url}/${image.point}?appKey=${data.appKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const json = (await res.json()) as { gateway_res_code?: number; gateway_res_body?: { Data?: Record<string, unknown> } };
      const ms = performance.now() - t;
      // after the answer: the gateway's work on this call is done when its client has it
      await settled(gateway.pid, 50);
      cpu = processCpuMs(gateway.pid) - cpu;
      if (json.gateway_res_code !== 0) throw new Error(`${image.point} ${image.name}: ${JSON.stringify(json).slice(0, 300)}`);
      return { ms, cpu, text: answer(image.point, json.gateway_res_body?.Data ?? {}) };
    };
    type Row = { point: string; http: number[]; paddle: number[]; httpCpu: number[]; paddleCpu: number[]; images: number; oursRight: number; paddleRight: number };
    const byCategory = new Map<string, Row>();
    for (const image of images) {
      // untimed calls first: lazy set-up (models opened on first use) is not what a client
      // waits for in steady use, and on a busy machine the very first may pass the 5 s limit
      for (let i = 0; i < 2; i++) await call(image).catch(() => 0), await read(image.path);
      const row = byCategory.get(image.category) ?? { point: image.point, http: [], paddle: [], httpCpu: [], paddleCpu: [], images: 0, oursRight: 0, paddleRight: 0 };
      byCategory.set(image.category, row);
      let ours = '', theirs: string[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const got = await call(image);
        row.http.push(got.ms);
        row.httpCpu.push(got.cpu);
        ours = got.text;
        const paddle = await read(image.path);
        row.paddle.push(paddle.ms);
        row.paddleCpu.push(paddle.cpuMs);
        theirs = paddle.lines;
      }
      row.images++;
      if (compact(ours) === compact(image.truth)) row.oursRight++;
      if (compact(theirs.join('')).includes(compact(image.truth))) row.paddleRight++;
    }
    return [...byCategory].map(([category, r]) => ({
      category,
      point: r.point,
      images: r.images,
      http: median(r.http),
      paddle: median(r.paddle),
      httpCpu: mean(r.httpCpu),
      paddleCpu: mean(r.paddleCpu),
      oursRight: r.oursRight,
      paddleRight: r.paddleRight,
    }));
  } finally {
    await gateway.stop();
    await backend.drop();
  }
}

/** One row for the whole set: the time to answer each image once (category medians weighted by images). */
function overall(rows: SmallRow[]): SmallRow {
  const sum = (f: (r: SmallRow) => number) => rows.reduce((t, r) => t + f(r) * r.images, 0);
  const images = rows.reduce((t, r) => t + r.images, 0);
  return {
    category: '**all small images** (sum over images)',
    point: '',
    images,
    http: sum((r) => r.http) / images,
    paddle: sum((r) => r.paddle) / images,
    httpCpu: sum((r) => r.httpCpu) / images,
    paddleCpu: sum((r) => r.paddleCpu) / images,
    oursRight: rows.reduce((t, r) => t + r.oursRight, 0),
    paddleRight: rows.reduce((t, r) => t + r.paddleRight, 0),
  };
}

export function smallTable(rows: SmallRow[]): string {
  const lines = [...rows, overall(rows)].map(
    (r) =>
      `| ${r.category} | ${r.point} | ${r.images} | ${r.http.toFixed(0)} | ${r.paddle.toFixed(0)} | **${(r.http / r.paddle).toFixed(2)}×** | ${r.httpCpu.toFixed(0)} | ${r.paddleCpu.toFixed(0)} | ${(r.httpCpu / r.paddleCpu).toFixed(2)}× | ${r.oursRight}/${r.images} | ${r.paddleRight}/${r.images} |`,
  );
  return [
    '| category | point | images | ours through HTTP, median ms | paddleocr in its process, median ms | ratio (goal ≤ 0.8×) | ours CPU per call, ms | paddleocr CPU per call, ms | CPU ratio | read right: ours | paddleocr |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}
