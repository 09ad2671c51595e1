import { describe, expect, it } from 'vitest';
import { mayHaveStoredSession } from '../../web/src/lib/auth/stored-session.ts';

function storageWith(...keys: string[]) {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
}

describe('mayHaveStoredSession', () => {
  it('is false for a browser with no Amplify keys and a plain URL', () => {
    expect(mayHaveStoredSession(storageWith('racefinder.display', 'theme'), '?q=boston')).toBe(false);
    expect(mayHaveStoredSession(storageWith(), '')).toBe(false);
  });

  it('is true when Amplify stored tokens or an in-flight Google sign-in', () => {
    expect(mayHaveStoredSession(storageWith('CognitoIdentityServiceProvider.abc.LastAuthUser'), '')).toBe(true);
    expect(mayHaveStoredSession(storageWith('x', 'CognitoIdentityServiceProvider.abc.inflightOAuth'), '')).toBe(true);
  });

  it('is true on the return from the managed login, successful or not', () => {
    expect(mayHaveStoredSession(storageWith(), '?code=abc&state=xyz')).toBe(true);
    expect(mayHaveStoredSession(storageWith(), '?error=access_denied&error_description=no')).toBe(true);
    expect(mayHaveStoredSession(storageWith(), '?code=only-a-code')).toBe(false);
  });

  it('lets Amplify decide when storage cannot be read', () => {
    const blocked = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
      key: () => null,
    };
    expect(mayHaveStoredSession(blocked, '')).toBe(true);
    expect(mayHaveStoredSession(undefined, '')).toBe(true);
  });
});
