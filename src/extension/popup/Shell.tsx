import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { AppProps } from './App';
import type { Surface } from './context';
import { Frame, type Tab } from './Frame';
import { filesOfDrop, filesOfPaste, hasFiles, listenForFiles } from './file-events';
import { lastLanguage } from './last-language';

/*
 * The first paint of the popup and the side panel: the frame (header, tabs, a placeholder), drawn
 * before anything else loads. The workbench (App.tsx, with the schemas, the history store and the
 * messaging it needs) is loaded after that paint and takes over; the tab chosen and the files
 * dropped or pasted meanwhile are handed to it.
 */

/** Loads the workbench once the frame is on screen: after the next frame, or at once in a hidden page. */
function afterFirstPaint(load: () => void): void {
  let done = false;
  const once = () => {
    if (!done) (done = true), load();
  };
  if (document.visibilityState === 'hidden') return once();
  requestAnimationFrame(() => setTimeout(once, 0));
  // a page that is never drawn (hidden after all) still gets its workbench
  setTimeout(once, 100);
}

export function Shell(props: { surface: Surface }) {
  const [Workbench, setWorkbench] = useState<ComponentType<AppProps>>();
  const [tab, setTab] = useState<Tab>('result');
  const [files, setFiles] = useState<File[]>([]);

  useEffect(() => afterFirstPaint(() => void import('./App').then((m) => setWorkbench(() => m.App))), []);

  // until the workbench is here: a file dropped is kept for it, not opened by the browser in its place
  useEffect(() => {
    if (Workbench) return;
    const keep = (more: File[]) => more.length > 0 && setFiles((old) => [...old, ...more]);
    const onOver = (e: DragEvent) => hasFiles(e) && e.preventDefault();
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      keep(filesOfDrop(e));
    };
    const onPaste = (e: ClipboardEvent) => keep(filesOfPaste(e));
    return listenForFiles({ dragover: onOver, drop: onDrop, paste: onPaste });
  }, [Workbench]);

  if (Workbench) return <Workbench surface={props.surface} initial={{ tab, files }} />;
  return <Frame lang={lastLanguage()} surface={props.surface} tab={tab} onTab={setTab} loading />;
}
