import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

/*
 * A virtual X display for the one test that needs Chromium's real native context menu (headless
 * Chromium shows none), and xdotool to pick menu items with the keyboard as a user would.
 */

const which = (bin: string) => ['/usr/bin', '/usr/local/bin'].some((d) => fs.existsSync(`${d}/${bin}`));
export const hasXvfb = which('Xvfb') && which('xdotool');

export interface Display {
  name: string;
  /** presses keys one after the other, with the pause a menu needs to open */
  keys(...keys: string[]): Promise<void>;
  stop(): void;
}

export async function startXvfb(): Promise<Display> {
  let n = 90;
  while (fs.existsSync(`/tmp/.X${n}-lock`)) n++;
  const name = `:${n}`;
  const proc: ChildProcess = spawn('Xvfb', [name, '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  for (let i = 0; i < 50 && !fs.existsSync(`/tmp/.X11-unix/X${n}`); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    name,
    async keys(...keys) {
      for (const k of keys) {
        execFileSync('xdotool', ['key', k], { env: { ...process.env, DISPLAY: name } });
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    stop: () => void proc.kill(),
  };
}
