import { describe, expect, it } from 'vitest';
import { allowedViewModes, roleSatisfies, ROLES } from '#shared/roles';

describe('roleSatisfies', () => {
  it('lets every role call public, webhook and user routes', () => {
    for (const role of ROLES) {
      expect(roleSatisfies(role, 'public')).toBe(true);
      expect(roleSatisfies(role, 'webhook')).toBe(true);
      expect(roleSatisfies(role, 'user')).toBe(true);
    }
  });

  it('orders roles so a higher role may do what a lower one may', () => {
    expect(roleSatisfies('athlete', 'organizer')).toBe(false);
    expect(roleSatisfies('organizer', 'organizer')).toBe(true);
    expect(roleSatisfies('organizer', 'admin')).toBe(false);
    expect(roleSatisfies('admin', 'organizer')).toBe(true);
    expect(roleSatisfies('admin', 'superadmin')).toBe(false);
    expect(roleSatisfies('superadmin', 'admin')).toBe(true);
    expect(roleSatisfies('superadmin', 'superadmin')).toBe(true);
  });
});

describe('allowedViewModes', () => {
  it('gives the super admin every view, admins and organizers two, athletes one', () => {
    expect(allowedViewModes('superadmin')).toEqual(['athlete', 'organizer', 'super_admin']);
    expect(allowedViewModes('admin')).toEqual(['athlete', 'organizer']);
    expect(allowedViewModes('organizer')).toEqual(['athlete', 'organizer']);
    expect(allowedViewModes('athlete')).toEqual(['athlete']);
  });
});
