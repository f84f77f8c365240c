/*
 * The files a drop or a paste carries, and listening for them. Apart from intake.ts (which stores them) because the
 * first paint (Shell.tsx) catches drops too, before the history store has loaded.
 */

/** Whether a drag carries files (not text or a link dragged from the page). */
export function hasFiles(e: DragEvent): boolean {
  return [...(e.dataTransfer?.types ?? [])].includes('Files');
}

export function filesOfDrop(e: DragEvent): File[] {
  return [...(e.dataTransfer?.files ?? [])];
}

/** The files of a paste: a screenshot, or files copied in the file manager. */
export function filesOfPaste(e: ClipboardEvent): File[] {
  const data = e.clipboardData;
  if (!data) return [];
  if (data.files.length > 0) return [...data.files];
  return [...data.items].filter((i) => i.kind === 'file').flatMap((i) => i.getAsFile() ?? []);
}

type DocumentHandlers = { [K in 'dragover' | 'dragleave' | 'drop' | 'paste']?: (e: DocumentEventMap[K]) => void };

/** Listens for files dragged over or pasted into the page; returns the effect's cleanup. */
export function listenForFiles(handlers: DocumentHandlers): () => void {
  const pairs = Object.entries(handlers) as [keyof DocumentHandlers, EventListener][];
  for (const [type, handler] of pairs) document.addEventListener(type, handler);
  return () => pairs.forEach(([type, handler]) => document.removeEventListener(type, handler));
}
