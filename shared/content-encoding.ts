/**
 * Which compression a response gets, decided the same way by the local static site and the API wrapper
 * (CloudFront decides for the deployed site): brotli, else gzip, for bodies big enough to gain from it.
 */

export type ContentEncoding = 'br' | 'gzip';

/** Below this, compression costs more than it saves (CloudFront's own threshold is 1,000 bytes). */
export const MIN_COMPRESS_BYTES = 1000;

/** The encoding to send: brotli first, then gzip, among those the client accepts with a non-zero q. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  const allows = (name: ContentEncoding) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}
