// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * Issue 14, finding 7: the region-capture overlay accepted untrusted (script-made) events once a
 * capture had started, so the page under it could draw a selection itself and have the tab
 * captured and recognised. It lives in the page's DOM, so the page can dispatch events on it;
 * only the user's own (trusted) events count. happy-dom makes every dispatched event untrusted,
 * as a page script's are; a user's are stood in for by marking the event trusted, as the browser
 * does (test/e2e/native-menu.e2e.test.ts drags with the real mouse).
 */

const sendMessage = vi.fn(async () => undefined);
vi.mock('../../src/extension/lib/browser', () => ({ browser: { runtime: { sendMessage } } }));

await import('../../src/extension/content/select-region.iife');
const selectRegion = (globalThis as unknown as Record<string, (arg: { hint: string; nonce: string }) => true>).__recognitionSelectRegion!;

function mouse(type: string, x: number, y: number, isTrusted: boolean): MouseEvent {
  const e = new MouseEvent(type, { clientX: x, clientY: y, bubbles: true });
  if (isTrusted) Object.defineProperty(e, 'isTrusted', { value: true });
  return e;
}

function drag(isTrusted: boolean): void {
  const overlay = document.getElementById('recognition-region-overlay')!;
  overlay.dispatchEvent(mouse('mousedown', 10, 10, isTrusted));
  overlay.dispatchEvent(mouse('mousemove', 200, 120, isTrusted));
  overlay.dispatchEvent(mouse('mouseup', 200, 120, isTrusted));
}

const frames = () => new Promise((r) => setTimeout(r, 100));

describe('finding 7: the region overlay takes only trusted events', () => {
  beforeEach(() => {
    sendMessage.mockClear();
    selectRegion({ hint: '拖动选择区域', nonce: 'n-1' });
  });

  it('ignores a selection a page script draws, and an Escape it sends', async () => {
    drag(false);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await frames();
    expect(sendMessage).not.toHaveBeenCalled();
    expect(document.getElementById('recognition-region-overlay')).not.toBeNull();
  });

  it("reports the user's own selection", async () => {
    drag(true);
    await frames();
    expect(document.getElementById('recognition-region-overlay')).toBeNull();
    expect(sendMessage).toHaveBeenCalledWith({
      type: 'capture.selected',
      body: expect.objectContaining({ nonce: 'n-1', rect: { x: 10, y: 10, width: 190, height: 110 } }),
    });
  });
});
