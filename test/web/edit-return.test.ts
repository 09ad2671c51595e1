/** Where the event edit form goes back to after saving or cancelling. */
import { describe, expect, it } from 'vitest';
import { editReturnPath, returnHere } from '../../web/src/features/organizer-events/edit-return.ts';

describe('editReturnPath', () => {
  it('returns to the page that opened the form, its filters kept', () => {
    expect(editReturnPath(returnHere({ pathname: '/admin/events', search: '?state=CO&verified=no' }), '/organizer-dashboard')).toBe('/admin/events?state=CO&verified=no');
    expect(editReturnPath({ returnTo: '/events/01JABCDEFGHJKMNPQRSTVWXYZ0' }, '/x')).toBe('/events/01JABCDEFGHJKMNPQRSTVWXYZ0');
  });

  it('falls back to the editor’s own list when opened from a typed address', () => {
    expect(editReturnPath(null, '/admin/events')).toBe('/admin/events');
    expect(editReturnPath(undefined, '/organizer-dashboard?tab=events')).toBe('/organizer-dashboard?tab=events');
    expect(editReturnPath({ usr: 1 }, '/admin/events')).toBe('/admin/events');
  });

  it('never leaves the site or goes to sign-in', () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/auth?x=1', 42]) {
      expect(editReturnPath({ returnTo }, '/admin/events')).toBe('/admin/events');
    }
  });
});
