/**
 * Plain text that athletes write (reviews, recaps): shown as text, never as HTML. Paragraphs are blocks
 * separated by blank lines; lists show an excerpt.
 */

/** Line breaks as the server keeps them: a textarea sends CRLF on some systems. */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Paragraphs of a plain-text body: blocks separated by blank lines (single line breaks stay inside one). */
export function paragraphsOf(text: string): string[] {
  return normalizeLineBreaks(text)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The start of a text for a list: whole words up to `length` characters, with an ellipsis when cut. */
export function excerptOf(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  // Whole words: back to the last space, unless the cut falls between two words already.
  const lastSpace = flat[length] === ' ' ? length : cut.lastIndexOf(' ');
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
