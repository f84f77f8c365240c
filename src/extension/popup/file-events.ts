/*
 * The files a drop or a paste carries. Apart from intake.ts (which stores them) because the
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
