/**
 * Saves bytes as a file through the page's own download (an <a download> of a blob: URL): no
 * `downloads` permission is needed, and the browser asks where to save as it does for any page.
 */
export function download(data: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // the download has started from the URL; it can go once the click has been handled
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `识别结果-20240102-0304.xlsx` */
export function exportName(prefix: string, ext: string, at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.${ext}`;
}
