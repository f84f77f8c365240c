import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { FAMILY } from '../../test/support/synth/fonts';
import { seed, sqliteBackend, startRole } from './deployment';
import { repoRoot } from './processes';
import { median } from './stats';

/*
 * Small images as a client sees them (issue 17, item 5): a single text line (2582-11), a
 * plate crop and a 94×24 plate (2582-20), a VIN strip (2582-18), each sent over HTTP to a
 * gateway started as `npm start` runs it, timed from the request to the parsed answer; and
 * `paddleocr` reading the same file in its own process (decode included), in turns with
 * the gateway so that machine load hits both alike. The goal: no more than 0.8× paddleocr.
 */

export interface SmallImage {
  name: string;
  point: string;
  path: string;
  mime: string;
}

const REPEATS = Number(process.env.SMALL_REPEATS ?? 15);

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

/** The small images, written to `dir`. */
export function smallImages(dir: string): SmallImage[] {
  const file = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const fixture = (name: string) => join(repoRoot, 'test/fixtures/plate', name);
  return [
    { name: 'text line 460×48', point: '2582-11', path: file('line.png', strip('在中国作家协会第三届儿童文学', 460, 48, 30)), mime: 'image/png' },
    { name: 'plate crop 232×72', point: '2582-20', path: fixture('ccpd-crop-4.jpg'), mime: 'image/jpeg' },
    { name: 'plate 94×24', point: '2582-20', path: fixture('ccpd-94x24-1.jpg'), mime: 'image/jpeg' },
    { name: 'VIN strip 520×56', point: '2582-18', path: file('vin.png', strip('LSVAM4187C2184847', 520, 56, 34, true)), mime: 'image/png' },
  ];
}

export interface SmallRow {
  name: string;
  point: string;
  http: number;
  paddle: number;
}

/**
 * Median times over the images, `read(path)` being paddleocr's in-process time for one file.
 * The gateway runs as `npm start` does alone (SQLite, its own recognition pool).
 */
export async function measureSmall(images: SmallImage[], read: (path: string) => Promise<number>): Promise<SmallRow[]> {
  const { readFileSync } = await import('node:fs');
  // one gateway as `npm start` runs it alone: SQLite, recognition in its own pool
  const backend = sqliteBackend('');
  const data = await seed(backend.databaseUrl);
  const gateway = await startRole('gateway', 'gateway', backend);
  try {
    const call = async (image: SmallImage) => {
      const body = `ImageURL=${encodeURIComponent(`data:${image.mime};base64,${readFileSync(image.path).toString('base64')}`)}&ds_id=local&MinHeight=0`;
      const t = performance.now();
      const res = await fetch(`${gateway.url}/${image.point}?appKey=${data.appKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const json = (await res.json()) as { gateway_res_code?: number };
      const ms = performance.now() - t;
      if (json.gateway_res_code !== 0) throw new Error(`${image.point} ${image.name}: ${JSON.stringify(json).slice(0, 300)}`);
      return ms;
    };
    const rows: SmallRow[] = [];
    for (const image of images) {
      // untimed calls first: lazy set-up (models opened on first use) is not what a client
      // waits for in steady use, and on a busy machine the very first may pass the 5 s limit
      for (let i = 0; i < 3; i++) await call(image).catch(() => 0), await read(image.path);
      const http: number[] = [], paddle: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        http.push(await call(image));
        paddle.push(await read(image.path));
      }
      rows.push({ name: image.name, point: image.point, http: median(http), paddle: median(paddle) });
    }
    return rows;
  } finally {
    await gateway.stop();
    await backend.drop();
  }
}

export function smallTable(rows: SmallRow[]): string {
  const lines = rows.map((r) => `| ${r.name} | ${r.point} | ${r.http.toFixed(0)} | ${r.paddle.toFixed(0)} | ${(r.http / r.paddle).toFixed(2)}× |`);
  return ['| image | point | ours through HTTP, median ms | paddleocr in its process, median ms | ratio (goal ≤ 0.8×) |', '|---|---|---|---|---|', ...lines].join('\n');
}
