import type { AnswerOf, ArgOf, ScriptName } from './scripts';

/*
 * The page side of an injected script (content/*.iife.ts). Each publishes its entry function in the
 * extension's isolated world of the page, where run.ts calls it; the page's own scripts cannot see
 * that world, so the global's name only has to avoid clashing with ours. This module imports types
 * only: whatever it imported would be bundled into every injected script.
 */

/** The global an entry is published under: `__recognition` + the script's name (`__recognitionReadImage`). */
export function entryName(name: ScriptName): string {
  return `__recognition${name[0]!.toUpperCase()}${name.slice(1)}`;
}

export function publish<N extends ScriptName>(name: N, entry: (arg: ArgOf<N>) => AnswerOf<N> | Promise<AnswerOf<N>>): void {
  Object.assign(globalThis, { [entryName(name)]: entry });
}
