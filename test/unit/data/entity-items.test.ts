/**
 * Each entity module writes its object with keys, index keys and helper attributes, and reads exactly the
 * object back: the fields of its zod schema, nothing the table added.
 */
import { describe, expect, it } from 'vitest';
import { ProfileSchema, type Profile } from '#shared/schemas/profile';
import { config } from '#lib/config';
import { fromEventItem, toEventItem } from '#data/event';
import { emptyCounts, fromImportJobItem, toImportJobItem, type ImportJob } from '#data/import-job';
import { fromOrganizationItem, toOrganizationItem } from '#data/organization';
import { PROFILE_FIELDS, draftProfile, fromProfileItem, toProfileItem } from '#data/profile';
import { fromPromotionItem, toPromotionItem, type Promotion } from '#data/promotion';
import { fromSavedEventItem, toSavedEventItems } from '#data/saved-event';
import { testRaceEvent } from '../../support/race-event.ts';

const TABLE_ATTRIBUTE = /^(PK|SK|GSI\d+(PK|SK)|entity)$/;
const tableAttributes = (object: object) => Object.keys(object).filter((name) => TABLE_ATTRIBUTE.test(name));

const ID = '01J00000000000000000000000';
const profile: Profile = {
  id: 'sub-1',
  email: 'Ada@Example.org',
  firstName: 'Ada',
  role: 'organizer',
  createdAt: '2026-01-02T03:04:05.000Z',
};
const promotion: Promotion = {
  id: ID,
  eventId: ID,
  organizerId: 'sub-1',
  tier: 'premium',
  scope: 'state',
  scopeValue: 'CO',
  startDate: '2026-05-01',
  endDate: '2026-05-10',
  amountCents: 3000,
  currency: 'usd',
  paymentStatus: 'paid',
  reviewStatus: 'approved',
  adminApproved: true,
  createdAt: '2026-04-01T00:00:00.000Z',
};

const importJob: ImportJob = {
  id: ID,
  source: 'runsignup',
  status: 'running',
  options: { from: '2026-12-01', to: '2027-01-01', limit: 1000, autoVerify: true, mode: 'full' },
  startedBy: 'schedule',
  counts: emptyCounts(),
  errors: [{ page: 3, message: 'RunSignup answered 500 after 4 attempts' }],
  expected: 1000,
  createdAt: '2026-11-20T03:00:00.000Z',
  startedAt: '2026-11-20T03:00:01.000Z',
};

describe('entity items', () => {
  it('read an import job back to its schema fields, without its keys or the pages it recorded', () => {
    const item = { ...toImportJobItem(importJob), recordedPages: new Set([0, 1]) };
    expect(item).toMatchObject({ PK: `IMPORTJOB#${ID}`, SK: 'JOB', GSI1PK: 'IMPORT_JOBS', GSI1SK: `${importJob.createdAt}#${ID}` });
    expect(fromImportJobItem(item)).toEqual(importJob);
  });

  it('read an event back to its schema fields, without its keys, index keys or search attributes', () => {
    const event = testRaceEvent({ title: 'Boulder Trail Half', eventDate: '2026-06-01', description: 'Hills' });
    const item = toEventItem(event);
    expect(tableAttributes(item)).toEqual(expect.arrayContaining(['PK', 'SK', 'GSI1PK', 'GSI3SK', 'entity']));
    expect(item).toHaveProperty('searchText');
    expect(fromEventItem(item)).toEqual(event);
  });

  it('read a profile back without its index keys', () => {
    const item = toProfileItem(profile);
    expect(item).toMatchObject({ GSI3PK: 'EMAIL#ada@example.org', GSI2PK: 'ROLE#organizer' });
    const read = fromProfileItem(item);
    expect(read).toEqual(profile);
    expect(tableAttributes(read)).toEqual([]);
  });

  it("list the profile's fields as its schema does (kept as a list so the sign-up trigger bundles no zod)", () => {
    expect([...PROFILE_FIELDS]).toEqual(Object.keys(ProfileSchema.shape));
  });

  it('draft a first profile with the configured role, and leave unnamed names out', () => {
    const [owner] = [...config.superAdminEmails];
    expect(owner).toBeDefined();
    const draft = draftProfile({ sub: 'sub-2', email: owner! }, new Date('2026-01-01T00:00:00Z'));
    expect(ProfileSchema.strict().parse(draft)).toEqual({ id: 'sub-2', email: owner, role: 'superadmin', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(draftProfile({ sub: 'sub-3', email: 'someone@racefinder.test', firstName: 'Sam' }).role).toBe('athlete');
  });

  it('read a promotion back without its index keys or version', () => {
    const item = toPromotionItem(promotion, 3);
    expect(item).toMatchObject({
      version: 3,
      GSI2PK: 'PROMOS#USER#sub-1',
      GSI3PK: 'PROMOS#approved',
      GSI4PK: 'PROMO#ACTIVE#state#CO',
      GSI4SK: `2026-05-10#${ID}`,
    });
    expect(fromPromotionItem(item)).toEqual(promotion);
  });

  it('keep a promotion out of the active index unless it is paid and approved, and file it in one queue', () => {
    const awaiting = toPromotionItem({ ...promotion, paymentStatus: 'pending', reviewStatus: 'pending', adminApproved: false });
    expect(awaiting).not.toHaveProperty('GSI4PK');
    expect(awaiting.GSI3PK).toBe('PROMOS#awaiting_payment');
    expect(toPromotionItem({ ...promotion, reviewStatus: 'pending', adminApproved: false }).GSI3PK).toBe('PROMOS#in_review');
    const refunded = toPromotionItem({ ...promotion, paymentStatus: 'refunded', adminApproved: false });
    expect(refunded.GSI3PK).toBe('PROMOS#refunded');
    expect(refunded).not.toHaveProperty('GSI4PK');
    expect(toPromotionItem({ ...promotion, paymentStatus: 'refunded', reviewStatus: 'rejected', adminApproved: false }).GSI3PK).toBe('PROMOS#rejected');
  });

  it('read both items of a save back to the save', () => {
    const saved = { eventId: ID, savedAt: '2026-03-04T05:06:07.089Z' };
    const { saved: lookup, timeline } = toSavedEventItems('sub-1', saved);
    expect(fromSavedEventItem(lookup)).toEqual(saved);
    expect(fromSavedEventItem(timeline)).toEqual(saved);
  });

  it('read an organization back, empty texts counting as unset', () => {
    const organization = { id: ID, name: 'Front Range Runners', websiteUrl: 'https://frr.example.org' };
    expect(fromOrganizationItem(toOrganizationItem(organization))).toEqual(organization);
    expect(fromOrganizationItem({ ...toOrganizationItem(organization), description: '', auditedBy: 'x' })).toEqual(organization);
  });
});
