import { publish } from '../lib/injected/publish';
import type { AnswerOf, ArgOf } from '../lib/injected/scripts';

/*
 * Auto-copy of the main value (plate, VIN, invoice number) where the user is: in the page that
 * was right-clicked or captured, which has the focus the clipboard needs (the popup may not open,
 * the side panel does not have it). The clipboard API first; a selected textarea and the copy
 * command where the page's focus rules refuse it.
 */

async function copyText(arg: ArgOf<'copyText'>): Promise<AnswerOf<'copyText'>> {
  try {
    await navigator.clipboard.writeText(arg.text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = arg.text;
    Object.assign(area.style, { position: 'fixed', top: '-1000px', opacity: '0' });
    document.documentElement.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

publish('copyText', copyText);
