/**
 * The stand-in's hosted checkout page: plain, accessible HTML (one heading, a table of what is bought, the
 * total, a Pay button and a Cancel link) that says plainly it is a local test page and charges nothing.
 * Pay is a form post carrying the session's page token; the page also covers a paid, an expired and an
 * unknown session, so every way back to the app is visible.
 */
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '#shared/html-escape';
import type { SessionRecord } from './ledger.ts';

/** 12345 usd -> "$123.45", respecting currencies without minor units (jpy). */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1f36; background: #f6f8fa; }
  body { margin: 0; }
  .test-mode { background: #ffde92; color: #5d3b00; text-align: center; padding: .5rem 1rem; font-size: .875rem; font-weight: 600; }
  main { max-width: 32rem; margin: 2.5rem auto; padding: 0 1rem; }
  .card { background: #fff; border: 1px solid #d8dee4; border-radius: .75rem; padding: 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.06); }
  h1 { font-size: 1.375rem; margin: 0 0 .25rem; }
  .merchant { color: #4f566b; margin: 0 0 1.25rem; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 1rem; }
  th, td { text-align: left; padding: .5rem 0; border-bottom: 1px solid #e3e8ee; vertical-align: top; }
  th:last-child, td:last-child { text-align: right; white-space: nowrap; padding-left: 1rem; }
  thead th { font-size: .8125rem; color: #4f566b; font-weight: 600; }
  .description { display: block; color: #4f566b; font-size: .875rem; }
  tfoot th, tfoot td { border-bottom: 0; font-size: 1.125rem; font-weight: 700; }
  .actions { display: flex; flex-direction: column; gap: .75rem; margin-top: 1.25rem; }
  button, .link-button { font: inherit; font-size: 1rem; font-weight: 600; border-radius: .5rem; padding: .75rem 1rem; text-align: center; cursor: pointer; }
  button { width: 100%; background: #0a5cd6; color: #fff; border: 0; }
  button:hover { background: #0848a8; }
  .link-button { color: #0a5cd6; background: #fff; border: 1px solid #b6c2d1; text-decoration: none; }
  .link-button:hover { background: #f0f4fa; }
  button:focus-visible, .link-button:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
  .note { color: #4f566b; font-size: .875rem; margin: 1rem 0 0; }
  caption { caption-side: bottom; text-align: left; margin-top: .5rem; }
`;

function page(title: string, body: string): string {
  const nonce = randomBytes(12).toString('base64');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe test checkout (local)</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<div class="test-mode" role="note">Test mode: a local stand-in for Stripe Checkout. No card is charged.</div>
<main>
<div class="card">
${body}
</div>
</main>
</body>
</html>`;
}

export interface RenderedPage {
  readonly status: number;
  readonly html: string;
  /** The nonce-free policy: only this page's own style block and form posts to itself. */
  readonly csp: string;
}

function withPolicy(status: number, html: string): RenderedPage {
  const nonce = /nonce="([^"]+)"/.exec(html)![1]!;
  // No form-action: Chromium applies it to the redirect after Pay, which leaves for the app's success URL.
  return { status, html, csp: `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'` };
}

export function checkoutPage(record: SessionRecord, merchant: string): RenderedPage {
  const { session } = record;
  const total = formatAmount(session.amount_total, session.currency);
  if (session.status === 'complete') {
    return withPolicy(
      200,
      page('Payment complete', `<h1>Payment complete</h1>
<p class="merchant">${escapeHtml(merchant)} received ${escapeHtml(total)}.</p>
<div class="actions"><a class="link-button" href="${escapeHtml(successUrlOf(session.success_url, session.id))}">Return to ${escapeHtml(merchant)}</a></div>`),
    );
  }
  if (session.status === 'expired') {
    return withPolicy(
      410,
      page('Checkout expired', `<h1>This checkout has expired</h1>
<p class="merchant">Nothing was charged. Start again from ${escapeHtml(merchant)}.</p>
${session.cancel_url ? `<div class="actions"><a class="link-button" href="${escapeHtml(session.cancel_url)}">Return to ${escapeHtml(merchant)}</a></div>` : ''}`),
    );
  }
  const rows = record.lineItems
    .map(
      (item) => `<tr><td>${escapeHtml(item.name)}${item.description ? `<span class="description">${escapeHtml(item.description)}</span>` : ''}</td>
<td>${item.quantity}</td><td>${escapeHtml(formatAmount(item.unitAmount * item.quantity, session.currency))}${
        item.quantity > 1 ? `<span class="description">${escapeHtml(formatAmount(item.unitAmount, session.currency))} each</span>` : ''
      }</td></tr>`,
    )
    .join('\n');
  return withPolicy(
    200,
    page(`Pay ${total}`, `<h1>Pay ${escapeHtml(merchant)}</h1>
<p class="merchant">${escapeHtml(total)} due today</p>
<table>
<caption class="note">Prices in ${escapeHtml(session.currency.toUpperCase())}.</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td>${escapeHtml(total)}</td></tr></tfoot>
</table>
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}">
<input type="hidden" name="page_token" value="${escapeHtml(record.pageToken)}">
<div class="actions">
<button type="submit">Pay ${escapeHtml(total)}</button>
${session.cancel_url ? `<a class="link-button" href="${escapeHtml(session.cancel_url)}">Cancel and return to ${escapeHtml(merchant)}</a>` : ''}
</div>
</form>
<p class="note">Paying here completes the session and sends a signed <code>checkout.session.completed</code> event to the app's webhook.</p>`),
  );
}

export function notFoundPage(): RenderedPage {
  return withPolicy(404, page('Checkout not found', `<h1>Checkout not found</h1>
<p class="merchant">This checkout link is not known to the local Stripe stand-in (it forgets sessions when it restarts). Start again from the app.</p>`));
}

export function errorPage(status: number, title: string, message: string): RenderedPage {
  return withPolicy(status, page(title, `<h1>${escapeHtml(title)}</h1>\n<p class="merchant">${escapeHtml(message)}</p>`));
}

/** Stripe fills the `{CHECKOUT_SESSION_ID}` template in a success URL with the session's id. */
export function successUrlOf(successUrl: string, sessionId: string): string {
  return successUrl.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
}
