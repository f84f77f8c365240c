import manifest from '../../../manifest.config';

/** The manifest object manifest.config.ts produces for a build mode (`production`, `e2e`, `firefox`, `firefox-e2e`). */
export async function manifestFor(mode: string): Promise<Record<string, unknown>> {
  const make = manifest as unknown as (env: { mode: string; command: string }) => Promise<Record<string, unknown>>;
  return make({ mode, command: 'build' });
}
