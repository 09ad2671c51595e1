/**
 * A blog post's Markdown as the HTML visitors get: `marked` (GitHub-flavoured Markdown) renders it and
 * sanitize-html keeps only an allow-list of text structure, so nothing an admin types (or pastes from
 * elsewhere) can run in a reader's browser: raw <script>, <style> and <iframe> go with their contents, every
 * event handler attribute (onerror, onclick...) goes, and links and images keep only http(s), mailto and
 * site-relative addresses (no javascript: or data: URLs).
 *
 * It runs on the server when a post is saved (and for the editor's preview), and the stored HTML is what the
 * public post route answers: visitors' browsers download neither library (sanitize-html alone is ~190 KB
 * minified), and the public functions stay light. The page's Content-Security-Policy (script-src 'self') is a
 * second wall behind this one. A change to these rules applies to posts as they are next saved.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { isAllowedImageUrl } from '#shared/content-security-policy';

const marked = new Marked({ gfm: true, breaks: false });

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'strong', 'em', 'del', 's',
    'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'sup', 'sub',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    ol: ['start'],
    code: ['class'],
  },
  // A fenced block's language, for anyone styling it later; no other class.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images only over https (plain http would be mixed content), and only from the policy's hosts (transformTags).
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with what they hold, rather than leaving their text (a script's code) in the page.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head'],
  transformTags: {
    // The post's title is the page's one h1.
    h1: 'h2',
    a: (tagName, { rel: _rel, ...attribs }) => ({
      tagName,
      // Links out of the site get no window.opener and send no referrer; the author's own rel is not kept.
      attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    // An image always says what it shows: one written as raw HTML without alt is taken as decorative (alt="").
    // One from a host the Content-Security-Policy refuses loses its address (and so goes, below): visitors'
    // browsers would not load it, and the preview shows the author as much.
    img: (tagName, { src, ...attribs }) => ({
      tagName,
      attribs: { ...(src && ((src.startsWith('/') && !src.startsWith('//')) || isAllowedImageUrl(src)) ? { src } : {}), ...attribs, alt: attribs.alt ?? '', loading: 'lazy' },
    }),
  },
  // An image whose address was refused shows nothing rather than a broken-image box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The sanitized HTML of a post's Markdown. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}
