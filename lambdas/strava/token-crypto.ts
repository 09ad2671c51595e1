/**
 * An athlete's Strava tokens at rest: AES-256-GCM under the tokens key (strava-keys.ts), a fresh 96-bit nonce per
 * encryption, and the athlete's own sub as additional authenticated data, so a ciphertext copied onto another
 * person's connection item does not decrypt there. Stored as one string:
 *
 *   t1.<nonce>.<ciphertext>.<tag>   (base64url parts; `t1` names the format, so a later one can be told apart)
 *
 * What is encrypted is the JSON of the access and refresh tokens; their expiry stays in the clear beside them,
 * since the worker must know when to refresh without decrypting.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as z from 'zod';

const VERSION = 't1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export const StravaTokensSchema = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) });
export type StravaTokens = z.infer<typeof StravaTokensSchema>;

/** A stored value that does not decrypt: another key, another person's item, or tampered bytes. */
export class TokenDecryptionError extends Error {
  override name = 'TokenDecryptionError';
}

export function encryptTokens(tokens: StravaTokens, key: Buffer, sub: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(sub, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export function decryptTokens(stored: string, key: Buffer, sub: string): StravaTokens {
  const [version, nonce, ciphertext, tag, ...rest] = stored.split('.');
  if (version !== VERSION || !nonce || !ciphertext || !tag || rest.length > 0) throw new TokenDecryptionError('Not a stored token value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(sub, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    return StravaTokensSchema.parse(JSON.parse(plain));
  } catch (error) {
    throw new TokenDecryptionError('The stored tokens do not decrypt', { cause: error });
  }
}
