import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cachedModel, rewriteVersion } from '../../../src/ocr/graph/cache';
import { rewriteModel } from '../../../src/ocr/graph/index';
import { defaultModelForm, modelCacheDir, modelFiles, preparedModel, type ModelName } from '../../../src/ocr/models';

/*
 * The rewritten models are kept on disk (src/ocr/graph/cache.ts) and loaded at later starts:
 * what is loaded is what a fresh rewrite makes; a damaged or stale file is rebuilt, never
 * loaded; threads and processes starting together on an empty cache rewrite each model once.
 */

const root = mkdtempSync(join(tmpdir(), 'model-cache-test-'));
let dir = '';
let serial = 0;
const previous = process.env.OCR_MODEL_CACHE;

beforeEach(() => {
  dir = join(root, `cache-${++serial}`);
  process.env.OCR_MODEL_CACHE = dir;
});

afterAll(() => {
  if (previous === undefined) delete process.env.OCR_MODEL_CACHE;
  else process.env.OCR_MODEL_CACHE = previous;
  rmSync(root, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const files = () => (existsSync(dir) ? readdirSync(dir).sort() : []);
const modelFilesIn = (label: string) => files().filter((f) => f.startsWith(`${label}-`) && f.endsWith('.onnx'));

/** What rewriting the installed model now gives, without the cache (the calibration when it is for this model file). */
function freshRewrite(name: ModelName, form: 'float' | 'quantized'): Uint8Array {
  const source = readFileSync(modelFiles[name]);
  const calibration = JSON.parse(readFileSync(new URL('../../../src/ocr/graph/calibration/rec.json', import.meta.url), 'utf8'));
  const calibrated = form === 'quantized' && name === 'rec' && calibration.sha256 === sha256(source);
  return rewriteModel(source, calibrated ? calibration.convs : undefined).bytes;
}

async function outputs(bytes: Uint8Array, dims: number[]): Promise<Float32Array> {
  const session = await InferenceSession.create(bytes, { intraOpNumThreads: 1 });
  const data = Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => Math.sin(i * 0.37) * 0.8);
  const out = await session.run({ [session.inputNames[0]!]: new Tensor('float32', data, dims) });
  await session.release();
  return out[session.outputNames[0]!]!.data as Float32Array;
}

describe('model cache', () => {
  it('is OCR_MODEL_CACHE when set', () => {
    expect(modelCacheDir()).toBe(dir);
  });

  it('loads at the second start what a fresh rewrite makes, with the same outputs', async () => {
    const form = defaultModelForm() === 'quantized' ? 'quantized' : 'float';
    for (const [name, dims] of [['det', [1, 3, 64, 64]], ['rec', [1, 3, 48, 320]]] as const) {
      expect((await preparedModel(name, form)).outcome).toBe('built');
      const loaded = await preparedModel(name, form);
      expect(loaded.outcome).toBe('loaded');
      const fresh = freshRewrite(name, form);
      expect(sha256(loaded.bytes)).toBe(sha256(fresh));
      expect(await outputs(loaded.bytes, [...dims])).toEqual(await outputs(fresh, [...dims]));
    }
    expect(modelFilesIn(`det-${form}`)).toHaveLength(1);
    expect(modelFilesIn(`rec-${form}`)).toHaveLength(1);
  });

  it('rebuilds a file damaged on disk or cut short, and never loads it', async () => {
    const fresh = sha256(freshRewrite('cls', 'float'));
    await preparedModel('cls', 'float');
    const [file] = modelFilesIn('cls-float');
    const path = join(dir, file!);
    const bytes = readFileSync(path);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(path, bytes);
    const afterFlip = await preparedModel('cls', 'float');
    expect(afterFlip.outcome).toBe('built');
    expect(sha256(afterFlip.bytes)).toBe(fresh);

    truncateSync(join(dir, modelFilesIn('cls-float')[0]!), 1000);
    const afterCut = await preparedModel('cls', 'float');
    expect(afterCut.outcome).toBe('built');
    expect(sha256(afterCut.bytes)).toBe(fresh);
    expect(modelFilesIn('cls-float')).toHaveLength(1);
    expect((await preparedModel('cls', 'float')).outcome).toBe('loaded');
  });

  it('rebuilds when the key changes (another source model, rewrite or form) and drops the stale file', async () => {
    const stale = await cachedModel({ dir, label: 'cls-float', key: ['another model', 'an older rewrite', 'float'], build: () => new Uint8Array([1, 2, 3]) });
    expect(stale.outcome).toBe('built');
    const [staleFile] = modelFilesIn('cls-float');
    const current = await preparedModel('cls', 'float');
    expect(current.outcome).toBe('built');
    expect(sha256(current.bytes)).toBe(sha256(freshRewrite('cls', 'float')));
    expect(modelFilesIn('cls-float')).toHaveLength(1);
    expect(modelFilesIn('cls-float')).not.toContain(staleFile);
    // the other form is a key of its own
    expect((await preparedModel('cls', 'quantized')).outcome).toBe('built');
    expect((await preparedModel('cls', 'float')).outcome).toBe('loaded');
  });

  it('rewrites a model once when several sessions of a thread open it together', async () => {
    const outcomes = await Promise.all([1, 2, 3].map(() => preparedModel('cls', 'float')));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['built', 'loaded', 'loaded']);
    expect(new Set(outcomes.map((o) => sha256(o.bytes))).size).toBe(1);
  });

  it('rewrites a model once when processes start together on an empty cache, and leaves no lock or partial file', async () => {
    const go = join(root, `go-${serial}`);
    const script = `
      import { existsSync, writeFileSync } from 'node:fs';
      import { createHash } from 'node:crypto';
      import { preparedModel } from ${JSON.stringify(new URL('../../../src/ocr/models.ts', import.meta.url).href)};
      writeFileSync(process.env.READY_FILE, '');
      while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 5));
      const { outcome, bytes } = await preparedModel('rec', 'float');
      console.log(outcome, createHash('sha256').update(bytes).digest('hex'));`;
    const children = [1, 2, 3, 4].map((i) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, OCR_MODEL_CACHE: dir, READY_FILE: join(root, `ready-${serial}-${i}`) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      return new Promise<string>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`child exited ${code}`)))));
    });
    // all four wait at the line until each is ready, so they reach the empty cache together
    while (readdirSync(root).filter((f) => f.startsWith(`ready-${serial}-`)).length < 4) await new Promise((r) => setTimeout(r, 20));
    writeFileSync(go, '');
    const answers = (await Promise.all(children)).map((line) => line.split(' '));
    expect(answers.map(([outcome]) => outcome).sort()).toEqual(['built', 'loaded', 'loaded', 'loaded']);
    expect(new Set(answers.map(([, digest]) => digest))).toEqual(new Set([sha256(freshRewrite('rec', 'float'))]));
    expect(files()).toEqual(modelFilesIn('rec-float'));
    expect(files()).toHaveLength(1);
  }, 120_000);

  it('takes over the lock of a process that died while rewriting', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    // the lock of the current key, as the dead process left it
    const key = [sha256(readFileSync(modelFiles.cls)), rewriteVersion(), 'float'].join('\n');
    const lock = join(dir, `cls-float-${createHash('sha256').update(key).digest('hex').slice(0, 16)}.lock`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(lock, JSON.stringify({ pid: dead.pid, host: hostname(), threadId: 0 }));
    const prepared = await preparedModel('cls', 'float');
    expect(prepared.outcome).toBe('built');
    expect(existsSync(lock)).toBe(false);
    expect(modelFilesIn('cls-float')).toHaveLength(1);
  });

  it('rewrites in memory when the cache cannot be written', async () => {
    const file = join(root, `not-a-directory-${serial}`);
    writeFileSync(file, '');
    process.env.OCR_MODEL_CACHE = join(file, 'models');
    const prepared = await preparedModel('cls', 'float');
    expect(prepared.outcome).toBe('uncached');
    expect(sha256(prepared.bytes)).toBe(sha256(freshRewrite('cls', 'float')));
  });
});
