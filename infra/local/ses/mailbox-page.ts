/**
 * The local mailbox's pages: a table of the messages the SES stand-in kept, and one message rendered, its
 * HTML part beside its plain-text part, then its headers (List-Unsubscribe among them).
 *
 * Everything a message brings is untrusted markup: it is escaped wherever it is written into the page, and the
 * HTML part is shown only inside an iframe's srcdoc with a sandbox that allows no scripts, no forms and no
 * same-origin access (links open in a new tab, outside the sandbox, so a mail's links can be followed). The
 * page itself runs no script at all (script-src 'none'). It loads nothing from elsewhere: styles are inline.
 */
import type { KeptMessage } from './mailbox.ts';

export interface RenderedPage {
  readonly status: number;
  readonly html: string;
}

/**
 * No default-src: a srcdoc frame inherits the page's policy, and the mail inside needs its inline styles and
 * images. What matters is closed: no script anywhere, no plugins, no base rewriting, forms only to the mailbox.
 */
export const MAILBOX_PAGE_CSP = "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'";

export const MAILBOX_PATH = '/_local/mailbox';

/** The iframe's sandbox: no allow-scripts, no allow-same-origin, no allow-forms; popups only for following links. */
export const MAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/** Escapes text for an element's content and for a double- or single-quoted attribute value alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.45; color: #1b1f24; background: #fff; }
  body { margin: 0; padding: 1rem 1.5rem 3rem; max-width: 90rem; }
  a { color: #0b57a4; }
  a:focus-visible, button:focus-visible, input:focus-visible, pre:focus-visible, iframe:focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
  .note { background: #fff7e6; border: 1px solid #e0b252; padding: 0.5rem 0.75rem; border-radius: 4px; }
  table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
  caption { text-align: left; font-weight: 600; padding-bottom: 0.5rem; }
  th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.6rem; border-bottom: 1px solid #d0d7de; }
  th { background: #f6f8fa; }
  td { overflow-wrap: anywhere; }
  form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
  input { font: inherit; padding: 0.3rem 0.5rem; min-width: 18rem; }
  button { font: inherit; padding: 0.3rem 0.9rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .parts { display: grid; grid-template-columns: repeat(auto-fit, minmax(24rem, 1fr)); gap: 1.5rem; }
  iframe { width: 100%; height: 36rem; border: 1px solid #d0d7de; background: #fff; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; padding: 0.75rem; height: 34.5rem; overflow: auto; border: 1px solid #d0d7de; background: #f6f8fa; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · RaceFinder local mailbox</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** A time as people read it here, in UTC, with the exact instant for machines. */
function time(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC'))}</time>`;
}

const messageUrl = (id: string) => `${MAILBOX_PATH}/${encodeURIComponent(id)}`;

export function mailboxListPage(messages: readonly KeptMessage[], to?: string): RenderedPage {
  const filter = to ? ` for ${to}` : '';
  const rows = messages
    .map(
      (message) => `<tr>
<td>${time(message.sentAt)}</td>
<td>${escapeHtml([...message.to, ...message.cc, ...message.bcc].join(', '))}</td>
<td><a href="${escapeHtml(messageUrl(message.id))}">${escapeHtml(message.subject || '(no subject)')}</a></td>
</tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table>
<caption>${messages.length} message${messages.length === 1 ? '' : 's'}${escapeHtml(filter)}, newest first</caption>
<thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : `<p>No messages${escapeHtml(filter)} yet. Mail the app sends through SES appears here.</p>`;
  return {
    status: 200,
    html: page(
      'Messages',
      `<main>
<h1>Local mailbox</h1>
<p class="note">Local only: these are the messages the SES stand-in accepted. Nothing here was delivered to anyone.</p>
<form method="get" action="${MAILBOX_PATH}" role="search">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" autocomplete="off" value="${escapeHtml(to ?? '')}">
<button type="submit">Show</button>
${to ? `<a href="${MAILBOX_PATH}">All messages</a>` : ''}
</form>
${table}
</main>`,
    ),
  };
}

/** Links in the mail open in a new tab: inside the sandbox they would load the site into the frame. */
function frameDocument(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  return head ? `${html.slice(0, head.index + head[0].length)}${base}${html.slice(head.index + head[0].length)}` : `${base}${html}`;
}

function addressRow(label: string, values: readonly string[]): string {
  return values.length ? `<dt>${label}</dt><dd>${escapeHtml(values.join(', '))}</dd>` : '';
}

export function mailboxMessagePage(message: KeptMessage): RenderedPage {
  const subject = message.subject || '(no subject)';
  const htmlPart =
    message.html === null
      ? '<p>This message has no HTML part.</p>'
      : `<iframe title="HTML part of the message" sandbox="${MAIL_FRAME_SANDBOX}" referrerpolicy="no-referrer" srcdoc="${escapeHtml(frameDocument(message.html))}"></iframe>`;
  // Focusable, so a keyboard can scroll a long text part.
  const textPart = message.text === null ? '<p>This message has no plain-text part.</p>' : `<pre tabindex="0">${escapeHtml(message.text)}</pre>`;
  const headerRows = message.headers.map((header) => `<tr><th scope="row">${escapeHtml(header.name)}</th><td>${escapeHtml(header.value)}</td></tr>`).join('\n');
  return {
    status: 200,
    html: page(
      subject,
      `<nav aria-label="Mailbox"><a href="${MAILBOX_PATH}">All messages</a></nav>
<main>
<h1>${escapeHtml(subject)}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(message.from)}</dd>
${addressRow('To', message.to)}
${addressRow('Cc', message.cc)}
${addressRow('Bcc', message.bcc)}
${addressRow('Reply-To', message.replyTo)}
<dt>Received</dt><dd>${time(message.sentAt)}</dd>
<dt>Configuration set</dt><dd>${escapeHtml(message.configurationSetName ?? '(none)')}</dd>
<dt>Message ID</dt><dd>${escapeHtml(message.id)}</dd>
</dl>
<div class="parts">
<section aria-labelledby="html-part"><h2 id="html-part">HTML part</h2>
${htmlPart}
</section>
<section aria-labelledby="text-part"><h2 id="text-part">Plain-text part</h2>
${textPart}
</section>
</div>
<section aria-labelledby="headers"><h2 id="headers">Headers</h2>
<table>
<caption>As a recipient sees them (SES's own first, then the sender's)</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Value</th></tr></thead>
<tbody>
${headerRows}
</tbody>
</table>
</section>
</main>`,
    ),
  };
}

export function mailboxNotFoundPage(id: string): RenderedPage {
  return {
    status: 404,
    html: page(
      'Message not found',
      `<nav aria-label="Mailbox"><a href="${MAILBOX_PATH}">All messages</a></nav>
<main>
<h1>Message not found</h1>
<p>The local mailbox has no message ${escapeHtml(id)}. It keeps messages in memory: a restart of <code>npm start</code> forgets them.</p>
</main>`,
    ),
  };
}
