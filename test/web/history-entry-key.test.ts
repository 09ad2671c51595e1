/** The first history entry's own key, which decides whether a page opens at the top or where it was left. */
import { beforeEach, describe, expect, it } from 'vitest';
import { keyFirstHistoryEntry } from '../../web/src/app/history-entry-key.ts';

describe('keyFirstHistoryEntry', () => {
  beforeEach(() => window.history.replaceState(null, ''));

  it("keys a typed address's entry (no state yet), so no other page's saved position applies to it", () => {
    keyFirstHistoryEntry();
    const { key } = window.history.state as { key: string };
    expect(key).toMatch(/^[a-z0-9]{1,8}$/);
    expect(key).not.toBe('default');
  });

  it('keeps the key of an entry that has one (reload, back, forward), so its position is restored', () => {
    window.history.replaceState({ usr: { from: '/events' }, key: 'k3y', idx: 2 }, '');
    keyFirstHistoryEntry();
    expect(window.history.state).toEqual({ usr: { from: '/events' }, key: 'k3y', idx: 2 });
  });

  it('adds a key beside what the entry already holds', () => {
    window.history.replaceState({ usr: null, idx: 0 }, '');
    keyFirstHistoryEntry();
    expect(window.history.state).toMatchObject({ usr: null, idx: 0, key: expect.any(String) });
  });
});
