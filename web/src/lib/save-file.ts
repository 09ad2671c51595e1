/**
 * Hands the browser a file to save under its name, through a temporary object URL: what a download link does for a
 * file that needs the signed-in user's token to fetch (an <a href> cannot send it).
 */
import type { FileDownload } from '#shared/schemas/common';

export function saveFile({ filename, bytes }: FileDownload): void {
  // Bytes to save, not to show: the name tells the system what they are.
  const href = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
