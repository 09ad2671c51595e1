import { describe, expect, it } from 'vitest';
import { loadConfig } from '#lib/config';
import { UNSUBSCRIBE_TOKEN_LIFETIME_MS, signUnsubscribeToken, verifyUnsubscribeToken, type UnsubscribePayload } from '#lib/unsubscribe-token';

const SECRET = 'k3JX0v9qYb7TtQy2mW8sN5pR4uE6aZ1c';
const OTHER_SECRET = 'Zr8Lw2Pq6Nx4Tb0Vy7Jc3Hd9Gf5Ks1Am';
const ISSUED = new Date('2027-01-10T12:00:00.000Z');
const PAYLOAD: UnsubscribePayload = {
  sub: '3f0c6a52-8d1e-4c0b-9a43-5b7e2f1d9c88',
  kind: 'saved-search-matches',
  issuedAt: ISSUED,
  expires: new Date(ISSUED.getTime() + UNSUBSCRIBE_TOKEN_LIFETIME_MS),
};
const DURING = new Date('2027-02-01T00:00:00.000Z');

/** The token with one character of a part changed, to another character of the same alphabet. */
function withChanged(token: string, part: 1 | 2, at: number): string {
  const parts = token.split('.');
  const text = parts[part]!;
  const swapped = text[at] === 'A' ? 'B' : 'A';
  parts[part] = text.slice(0, at) + swapped + text.slice(at + 1);
  return parts.join('.');
}

describe('unsubscribe tokens', () => {
  it('verifies a token it signed and gives back who and what, to the second', () => {
    const token = signUnsubscribeToken(PAYLOAD, SECRET);
    expect(token).toMatch(/^u1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(token.length).toBeLessThan(200);
    expect(verifyUnsubscribeToken(token, SECRET, DURING)).toEqual({ ok: true, payload: PAYLOAD, mac: token.split('.')[2] });
  });

  it("carries 'all' for an essential kind's e-mail", () => {
    const token = signUnsubscribeToken({ ...PAYLOAD, kind: 'all' }, SECRET);
    expect(verifyUnsubscribeToken(token, SECRET, DURING)).toMatchObject({ ok: true, payload: { kind: 'all' } });
  });

  it('refuses to sign for an essential kind, which cannot be switched off', () => {
    expect(() => signUnsubscribeToken({ ...PAYLOAD, kind: 'promotion-paid' as never }, SECRET)).toThrow();
  });

  it('calls a changed payload or signature a bad signature', () => {
    const token = signUnsubscribeToken(PAYLOAD, SECRET);
    expect(verifyUnsubscribeToken(withChanged(token, 1, 5), SECRET, DURING)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyUnsubscribeToken(withChanged(token, 2, 0), SECRET, DURING)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('calls a token for another person, signed with the right key by nobody, a bad signature', () => {
    const token = signUnsubscribeToken(PAYLOAD, SECRET);
    const [version, , mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'someone-else', kind: 'all', iat: 1_799_582_400, exp: 1_899_582_400 })).toString('base64url');
    expect(verifyUnsubscribeToken(`${version}.${forged}.${mac}`, SECRET, DURING)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a token signed with another key', () => {
    expect(verifyUnsubscribeToken(signUnsubscribeToken(PAYLOAD, OTHER_SECRET), SECRET, DURING)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('calls a token expired from its expiry on, and good until then', () => {
    const token = signUnsubscribeToken(PAYLOAD, SECRET);
    expect(verifyUnsubscribeToken(token, SECRET, new Date(PAYLOAD.expires.getTime() - 1000)).ok).toBe(true);
    expect(verifyUnsubscribeToken(token, SECRET, PAYLOAD.expires)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyUnsubscribeToken(token, SECRET, new Date('2030-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('tells a malformed token from a forged one', () => {
    const token = signUnsubscribeToken(PAYLOAD, SECRET);
    const [, payload, mac] = token.split('.') as [string, string, string];
    for (const bad of ['', 'u1', 'u1..', `u2.${payload}.${mac}`, `u1.${payload}`, `u1.${payload}.${mac}.x`, `u1.${payload}.${mac.slice(1)}`, `u1.${payload}!.${mac}`, `u1.${payload}.${'A'.repeat(600)}`]) {
      expect(verifyUnsubscribeToken(bad, SECRET, DURING), bad).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('takes only the canonical spelling of a signature, so one payload has one token', () => {
    const token = signUnsubscribeToken(PAYLOAD, SECRET);
    const mac = token.split('.')[2]!;
    // The last of 43 characters carries 4 bits that count and 2 spare ones: flip a spare bit.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet[alphabet.indexOf(mac.at(-1)!) ^ 1]!;
    const respelled = `${token.slice(0, -1)}${last}`;
    expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    expect(verifyUnsubscribeToken(respelled, SECRET, DURING)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('will not sign or verify with a short key, nor sign a token that expires before it is issued', () => {
    expect(() => signUnsubscribeToken(PAYLOAD, 'changeme')).toThrow(/at least 32/);
    expect(() => verifyUnsubscribeToken('u1.a.b', 'changeme', DURING)).toThrow(/at least 32/);
    expect(() => signUnsubscribeToken({ ...PAYLOAD, expires: ISSUED }, SECRET)).toThrow(/expire after/);
  });
});

describe('UNSUBSCRIBE_SECRET', () => {
  const base = { TABLE_NAME: 't', APP_VERSION: '1' };

  it('is optional until the routes use it, and read trimmed when set', () => {
    expect(loadConfig(base).unsubscribeSecret).toBeUndefined();
    expect(loadConfig({ ...base, UNSUBSCRIBE_SECRET: ` ${SECRET} ` }).unsubscribeSecret).toBe(SECRET);
  });

  it('fails at cold start when it is too short to be a key', () => {
    expect(() => loadConfig({ ...base, UNSUBSCRIBE_SECRET: 'changeme' })).toThrow('UNSUBSCRIBE_SECRET must be at least 32 characters');
  });
});
