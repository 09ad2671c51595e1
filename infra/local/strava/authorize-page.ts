/**
 * The stand-in's authorize page: what Strava shows at /oauth/authorize, plainly marked as a local test page. The
 * person chooses which stand-in athlete they are (an existing one, or a new one they name), sees the scope asked
 * for with its box to untick, and presses Authorize (a form post that redirects to the app with code, state and
 * scope) or Cancel (the redirect with error=access_denied, as Strava sends it).
 */
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '#shared/html-escape';
import type { StandInAthlete } from './athletes.ts';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #242428; background: #f7f7fa; }
  body { margin: 0; }
  .test-mode { background: #ffde92; color: #5d3b00; text-align: center; padding: .5rem 1rem; font-size: .875rem; font-weight: 600; }
  header { background: #fc4c02; color: #fff; padding: .75rem 1rem; font-weight: 800; letter-spacing: .02em; }
  main { max-width: 32rem; margin: 2rem auto; padding: 0 1rem; }
  .card { background: #fff; border: 1px solid #dfdfe8; border-radius: .75rem; padding: 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.06); }
  h1 { font-size: 1.375rem; margin: 0 0 .5rem; }
  p { line-height: 1.5; }
  fieldset { border: 1px solid #dfdfe8; border-radius: .5rem; padding: .75rem 1rem; margin: 1rem 0; }
  legend { font-weight: 600; padding: 0 .25rem; }
  label { display: block; margin: .5rem 0 .25rem; }
  select, input[type=text] { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; border: 1px solid #8a8a99; border-radius: .375rem; }
  .check { display: flex; gap: .5rem; align-items: flex-start; }
  .check input { margin-top: .3rem; }
  .actions { display: flex; flex-direction: column; gap: .75rem; margin-top: 1.25rem; }
  button, .link-button { font: inherit; font-size: 1rem; font-weight: 700; border-radius: .5rem; padding: .75rem 1rem; text-align: center; cursor: pointer; }
  button { background: #c93c00; color: #fff; border: 0; }
  button:hover { background: #a33000; }
  .link-button { color: #242428; background: #fff; border: 1px solid #8a8a99; text-decoration: none; }
  button:focus-visible, .link-button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid #242428; outline-offset: 2px; }
  .note { color: #55555f; font-size: .875rem; }
`;

export interface RenderedPage {
  readonly status: number;
  readonly html: string;
  readonly csp: string;
}

function page(status: number, title: string, body: string): RenderedPage {
  const nonce = randomBytes(12).toString('base64');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Strava (local stand-in)</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<div class="test-mode" role="note">Test mode: a local stand-in for Strava. Nothing leaves this machine.</div>
<header>STRAVA</header>
<main>
<div class="card">
${body}
</div>
</main>
</body>
</html>`;
  // No form-action: Chromium applies it to the redirect after Authorize, which leaves for the app.
  return { status, html, csp: `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'` };
}

export interface AuthorizeRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly scope: string;
  readonly state: string;
}

export function authorizePage(request: AuthorizeRequest, appName: string, athletes: readonly StandInAthlete[], nextName: string): RenderedPage {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const options = athletes.map((athlete) => `<option value="${athlete.id}">${escapeHtml(`${athlete.firstname} ${athlete.lastname}`)} (athlete ${athlete.id})</option>`).join('\n');
  const cancel = new URL(request.redirectUri);
  cancel.searchParams.set('state', request.state);
  cancel.searchParams.set('error', 'access_denied');
  const asksActivities = request.scope.split(',').includes('activity:read_all');
  return page(
    200,
    `Authorize ${appName}`,
    `<h1>Authorize ${escapeHtml(appName)} to connect to Strava</h1>
<p>${escapeHtml(appName)} asks to view data about your activities, private ones included.</p>
<form method="post" action="/oauth/authorize">
${hidden('client_id', request.clientId)}
${hidden('redirect_uri', request.redirectUri)}
${hidden('state', request.state)}
${hidden('scope', request.scope)}
<fieldset>
<legend>Signed in to Strava as</legend>
<label for="athlete">Athlete</label>
<select id="athlete" name="athlete">
<option value="new">A new athlete</option>
${options}
</select>
<label for="athlete_name">Name of a new athlete</label>
<input type="text" id="athlete_name" name="athlete_name" value="${escapeHtml(nextName)}" autocomplete="off">
</fieldset>
${
  asksActivities
    ? `<div class="check"><input type="checkbox" id="scope_activity" name="accept_activity_read_all" value="1" checked><label for="scope_activity">View data about your private activities</label></div>`
    : ''
}
<div class="actions">
<button type="submit">Authorize</button>
<a class="link-button" href="${escapeHtml(cancel.toString())}">Cancel</a>
</div>
</form>
<p class="note">Authorize sends the app an authorization code it exchanges at POST /oauth/token.</p>`,
  );
}

export function errorPage(status: number, title: string, message: string): RenderedPage {
  return page(status, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
