/*
 * Page side: the element our page scripts show their UI in (the click-to-fill banner, a progress
 * notice), one per id, with a closed shadow root so the page can neither restyle nor read what it
 * shows. The host is not yet in the document: the caller appends it once its content is built.
 */
export function pageHost(id: string, css: string): { host: HTMLElement; root: ShadowRoot } {
  document.getElementById(id)?.remove();
  const host = document.createElement('div');
  host.id = id;
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = css;
  root.append(style);
  return { host, root };
}
