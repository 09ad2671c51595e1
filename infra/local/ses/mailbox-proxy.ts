/**
 * The local gateway's /_local/mailbox, /_local/mailbox.json and /_local/mailbox/{id}: passed to the SES
 * stand-in, so people open their mail on the site's own origin (http://localhost:3000/_local/mailbox). Reading
 * only (GET and HEAD): clearing the mailbox and injecting faults stay on the stand-in's own port, for tests.
 * The stand-in's answer keeps its own headers, its content security policy among them: the gateway's site policy
 * would not fit a page that shows foreign HTML in a sandboxed frame.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAILBOX_PATH } from './mailbox-page.ts';

/** Is this path the mailbox's? */
export function isMailboxPath(rawPath: string): boolean {
  return rawPath === MAILBOX_PATH || rawPath === `${MAILBOX_PATH}.json` || rawPath.startsWith(`${MAILBOX_PATH}/`);
}

const PASSED_HEADERS = ['content-type', 'cache-control', 'content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

/** Answers a mailbox request from the stand-in at `standInUrl`; `target` is the path with its query. */
export function createMailboxProxy(standInUrl: string) {
  return async (request: IncomingMessage, response: ServerResponse, target: string): Promise<void> => {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ message: 'Method Not Allowed' }));
      return;
    }
    const answer = await fetch(new URL(target, standInUrl), { method, redirect: 'manual' });
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const body = Buffer.from(await answer.arrayBuffer());
    response.writeHead(answer.status, method === 'HEAD' ? headers : { ...headers, 'content-length': String(body.length) });
    response.end(method === 'HEAD' ? undefined : body);
  };
}
