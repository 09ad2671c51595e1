/**
 * Hands a download link to the browser. The link's response says Content-Disposition: attachment, so the
 * browser saves the file under its name and the page stays where it is.
 */
export function saveFile(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
