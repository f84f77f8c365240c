import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

/*
 * The development set of real photos: public images whose labels can be trusted (CCPD file
 * names, or a reading of the image at 4× zoom), listed with their source repository,
 * commit, path and license in bench/dev/<type>.json. Most licenses do not allow copying the
 * images into this repository, so they live in a local cache outside git:
 * $DEV_PHOTOS, or ~/.cache/recognition-dev, one folder per type (plate/...). Whoever has
 * the cache gets the `real` rows of bench:documents; everyone else gets none. To fill it,
 * copy each listed `source.path` at `source.commit` to <cache>/<type>/<file>.
 *
 * These sources are separate from the held-out evaluation set and from its repositories.
 *
 * The tag `set2` marks the photos added on 26 November 2026 (embassy, military, Hong Kong and
 * Macao, new-energy large and small, a yellow two-row motorcycle plate, night and traffic-camera
 * frames): the cases without it are the 77 the figures before that date were measured on.
 */

export interface DevSource {
  repo: string;
  commit: string;
  path: string;
  license: string;
  /** how the labels were obtained */
  labels: string;
}

export interface DevEntry<T> {
  file: string;
  source: DevSource;
  tags: string[];
  truth: T;
}

export const devCacheDir = process.env.DEV_PHOTOS ?? join(os.homedir(), '.cache', 'recognition-dev');

/** The listed entries of one type whose image is in the cache, with its bytes. */
export function devPhotos<T>(type: string): (DevEntry<T> & { bytes: Uint8Array })[] {
  const manifest = JSON.parse(readFileSync(new URL(`./${type}.json`, import.meta.url), 'utf8')) as DevEntry<T>[];
  return manifest.flatMap((e) => {
    const path = join(devCacheDir, type, e.file);
    return existsSync(path) ? [{ ...e, bytes: new Uint8Array(readFileSync(path)) }] : [];
  });
}
