/**
 * Copies text from the popup. The popup is focused and the copy follows a click, which is what
 * navigator.clipboard needs; no clipboard permission is declared for it.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // a document that lost focus refuses the async API; execCommand still works after a click
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
