/**
 * Race descriptions from sources are HTML written by race directors (and whatever their editors pasted).
 * The product shows a description as plain text (the event page renders it as text with `white-space:
 * pre-line`), so an imported one is stored as plain text: paragraphs and line breaks become newlines,
 * entities become characters, links keep their http(s) address in brackets, and nothing else survives.
 *
 * The HTML is first put through sanitize-html with an allow-list of text structure only, so script, style,
 * iframes and their contents, every attribute but a link's http(s) href (no event handlers, no
 * javascript: URLs) and every image (remote ones would track readers) are gone before any text is taken.
 * Storing text rather than "safe HTML" also means no later screen can render it as markup by mistake.
 */
import sanitizeHtml from 'sanitize-html';

/** Longest description kept, in characters; the event page shows a few paragraphs, not a web page. */
export const MAX_DESCRIPTION_LENGTH = 5000;

const BLOCK_TAGS = ['p', 'div', 'section', 'article', 'header', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'table', 'tr'];
const ALLOWED_TAGS = [...BLOCK_TAGS, 'br', 'li', 'td', 'th', 'a'];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Elements whose text is code or chrome, dropped with their contents rather than unwrapped.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head'],
  disallowedTagsMode: 'discard',
};

const looksLikeHtml = (value: string) => /<\/?[a-z][^>]*>|&[#a-z0-9]+;/i.test(value);

/** The four characters sanitize-html writes back as entities in text. */
function decodeEscapes(value: string): string {
  return value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** A link as text: its words, then its address when the words do not already show it. */
function linkText(href: string | undefined, inner: string): string {
  const url = href ? decodeEscapes(href) : undefined;
  const words = inner.trim();
  if (!url) return inner;
  if (!words) return url;
  const bare = (value: string) => value.replace(/^https?:\/\//i, '').replace(/\/$/, '').toLowerCase();
  return decodeEscapes(words).toLowerCase().includes(bare(url)) ? inner : `${inner} (${url})`;
}

/** Cut at a word before `max` characters, with an ellipsis. */
function bound(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).trimEnd()}…`;
}

/**
 * Plain text of an HTML (or plain) description: safe, entity-decoded, paragraphs separated by a blank line,
 * at most `max` characters. Undefined when nothing readable is left.
 */
export function htmlToPlainText(value: string | undefined, max = MAX_DESCRIPTION_LENGTH): string | undefined {
  if (!value) return undefined;
  const html = looksLikeHtml(value)
    ? value.replace(/\s+/g, ' ') // in HTML, source line breaks are spaces; <p> and <br> make the breaks
    : value.replace(/\r\n?/g, '\n').replace(/&/g, '&amp;').replace(/</g, '&lt;'); // plain text: keep its lines, read no markup
  const safe = sanitizeHtml(html, SANITIZE_OPTIONS);
  const blocks = new RegExp(`</?(?:${BLOCK_TAGS.join('|')})>`, 'g');
  const text = decodeEscapes(
    safe
      .replace(/<a(?: href="([^"]*)")?>([\s\S]*?)<\/a>/g, (_, href: string | undefined, inner: string) => linkText(href, inner))
      .replace(/<br ?\/?>/g, '\n')
      .replace(/<li>/g, '\n• ')
      .replace(/<\/(?:td|th)>/g, ' ')
      .replace(blocks, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[\u00a0\t\f\v ]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^•\s*$/gm, '')
    .trim();
  return text ? bound(text, max) : undefined;
}

/** One line of plain text (a title, a place name) from text that may hold entities or tags: "Bob&#39;s 5K" -> "Bob's 5K". */
export function plainTextLine(value: string | undefined, max = 200): string | undefined {
  // Most names hold no markup at all; they skip the parser (a third of an import's time otherwise).
  const text = (/[<&]/.test(value ?? '') ? htmlToPlainText(value, max * 2) : value)?.replace(/\s+/g, ' ').trim();
  return text ? bound(text, max) : undefined;
}
