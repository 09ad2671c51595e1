import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHANNELS,
  ESSENTIAL_KINDS,
  NOTIFICATION_DATA_SCHEMAS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_INFO,
  NotificationPayloadSchema,
  OPTIONAL_KINDS,
  UnsubscribeScopeSchema,
  deliveryChannels,
  notificationRaceOf,
  unsubscribeScopeOf,
} from '#shared/schemas/notifications';
import { testRaceEvent } from '../../support/race-event.ts';
import { SAMPLE_NOTIFICATIONS } from '../../support/notification-samples.ts';

const SYSTEM_ON = { emailNotifications: true };
const SYSTEM_OFF = { emailNotifications: false };

describe('notification kinds', () => {
  it('keeps account decisions, receipts and moderation essential, and race alerts, digests and summaries optional', () => {
    expect([...ESSENTIAL_KINDS].sort()).toEqual(
      ['claim-decided', 'organizer-application-decided', 'promotion-decided', 'promotion-paid', 'promotion-refunded', 'review-hidden', 'submitted-event-decided'].sort(),
    );
    expect([...OPTIONAL_KINDS].sort()).toEqual(['registration-closing', 'saved-race-changed', 'saved-search-matches', 'weekly-training-summary']);
    expect(new Set([...ESSENTIAL_KINDS, ...OPTIONAL_KINDS]).size).toBe(NOTIFICATION_KINDS.length);
  });

  it('gives every kind a payload schema, defaults, a label and a reason', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(NOTIFICATION_DATA_SCHEMAS[kind]).toBeDefined();
      expect(DEFAULT_CHANNELS[kind]).toBeDefined();
      expect(NOTIFICATION_KIND_INFO[kind].label).not.toBe('');
      expect(NOTIFICATION_KIND_INFO[kind].because).not.toBe('');
    }
  });

  it('starts race alerts and digests on, and the weekly summary off (it is opt-in)', () => {
    expect(DEFAULT_CHANNELS['saved-search-matches']).toEqual({ inApp: true, email: true });
    expect(DEFAULT_CHANNELS['weekly-training-summary']).toEqual({ inApp: false, email: false });
  });
});

describe('deliveryChannels', () => {
  it('sends an essential kind in-app and by e-mail whatever the switches and the admin switch say', () => {
    expect(deliveryChannels('promotion-refunded', { 'promotion-refunded': { inApp: false, email: false } }, SYSTEM_OFF)).toEqual({ inApp: true, email: true });
  });

  it("follows a person's switches for an optional kind, the default for what they left alone", () => {
    expect(deliveryChannels('saved-race-changed', { 'saved-race-changed': { email: false } }, SYSTEM_ON)).toEqual({ inApp: true, email: false });
    expect(deliveryChannels('weekly-training-summary', { 'weekly-training-summary': { email: true } }, SYSTEM_ON)).toEqual({ inApp: false, email: true });
    expect(deliveryChannels('registration-closing', undefined, SYSTEM_ON)).toEqual({ inApp: true, email: true });
  });

  it("turns off every optional e-mail with the admin's switch, and leaves the inbox alone", () => {
    expect(deliveryChannels('saved-search-matches', undefined, SYSTEM_OFF)).toEqual({ inApp: true, email: false });
  });
});

describe('unsubscribe scopes', () => {
  it('unsubscribes an optional kind from itself and an essential kind from every optional e-mail', () => {
    expect(unsubscribeScopeOf('saved-search-matches')).toBe('saved-search-matches');
    expect(unsubscribeScopeOf('promotion-paid')).toBe('all');
    expect(UnsubscribeScopeSchema.safeParse('promotion-paid').success).toBe(false);
    expect(UnsubscribeScopeSchema.safeParse('all').success).toBe(true);
  });
});

describe('NotificationPayloadSchema', () => {
  it('takes every sample with its kind', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(NotificationPayloadSchema.safeParse({ kind, data: SAMPLE_NOTIFICATIONS[kind] }).success, kind).toBe(true);
    }
  });

  it("refuses an unknown kind and one kind's data under another", () => {
    expect(NotificationPayloadSchema.safeParse({ kind: 'race-won', data: {} }).success).toBe(false);
    expect(NotificationPayloadSchema.safeParse({ kind: 'promotion-paid', data: SAMPLE_NOTIFICATIONS['claim-decided'] }).success).toBe(false);
  });

  it('refuses a digest that counts fewer matches than it lists', () => {
    const data = { ...SAMPLE_NOTIFICATIONS['saved-search-matches'], totalMatches: 1 };
    expect(NOTIFICATION_DATA_SCHEMAS['saved-search-matches'].safeParse(data).success).toBe(false);
  });
});

describe('notificationRaceOf', () => {
  it("takes a stored event's zone, else its state's, and measures its distances longest first", () => {
    const named = notificationRaceOf(testRaceEvent({ title: 'Run', eventDate: '2027-05-01', startTime: '07:00', timeZone: 'America/Denver', state: 'TX', distances: ['5K', 'Half Marathon'] }));
    expect(named).toMatchObject({ timeZone: 'America/Denver', startTime: '07:00', distances: [{ label: 'Half Marathon', km: 21.0975 }, { label: '5K', km: 5 }] });

    const unnamed = notificationRaceOf(testRaceEvent({ title: 'Run', eventDate: '2027-05-01', state: 'CO', distances: ['Fun Run'] }));
    expect(unnamed.timeZone).toBe('America/Denver');
    expect(unnamed.startTime).toBeUndefined();
    expect(unnamed.distances).toEqual([{ label: 'Fun Run' }]);
    expect(NOTIFICATION_DATA_SCHEMAS['registration-closing'].safeParse({ race: unnamed, registrationEndDate: '2027-04-24', daysLeft: 7 }).success).toBe(true);
  });
});
