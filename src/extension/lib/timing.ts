/*
 * Stage marks for `npm run bench:extension` (bench/extension.ts): a recognition's way from the
 * menu click to the popup, as User Timing marks on the performance timeline of the context that
 * reaches the stage (service worker, page, popup), read by the benchmark. Only the test build
 * (`vite build --mode e2e`) records them: `import.meta.env.MODE` is replaced at build time, so
 * in the release build the body is dead code and the minifier drops it.
 *
 * Names are `recognition:<stage>`; a stage reached twice (two gateway calls) is marked twice, and
 * the benchmark reads them in order.
 */

export type Stage =
  | 'click'
  | 'pending'
  | 'attempt-url'
  | 'attempt-bytes'
  | 'read-start'
  | 'read-end'
  | 'page-fetched'
  | 'page-decoded'
  | 'page-encoded'
  | 'call'
  | 'answered'
  | 'validated'
  | 'stored'
  | 'popup-open'
  | 'popup-data'
  | 'fields-visible';

export function mark(stage: Stage): void {
  if (import.meta.env.MODE === 'e2e') performance.mark(`recognition:${stage}`);
}
