import { vi } from 'vitest';

/*
 * The files of the injected scripts. lib/injected/scripts.ts imports them with CRXJS's `?script`,
 * which only the extension build resolves; a test imports this module before any module that
 * injects a script, and sees these names in scripting.executeScript({ files }).
 */
vi.mock('../../../src/extension/content/copy-text.iife?script', () => ({ default: 'copy-text.js' }));
vi.mock('../../../src/extension/content/fill-form.iife?script', () => ({ default: 'fill.js' }));
vi.mock('../../../src/extension/content/pick-fill.iife?script', () => ({ default: 'pick.js' }));
vi.mock('../../../src/extension/content/read-image.iife?script', () => ({ default: 'read-image.js' }));
vi.mock('../../../src/extension/content/select-region.iife?script', () => ({ default: 'select-region.js' }));
