import type { NotificationData, NotificationKind, NotificationRace } from '#shared/schemas/notifications';

/**
 * One valid payload per notification kind, about one race in Boulder (America/Denver): the templates' tests
 * render each, and the sender's and routes' tests can enqueue them.
 */
export const SAMPLE_EVENT_ID = '01J8Z6Q4M3N2P1R0S9T8V7W6X5';
export const SAMPLE_PROMOTION_ID = '01J8Z6Q4M3N2P1R0S9T8V7W6X6';
export const SAMPLE_SEARCH_ID = '01J8Z6Q4M3N2P1R0S9T8V7W6X7';
export const SAMPLE_REVIEW_ID = '01J8Z6Q4M3N2P1R0S9T8V7W6X8';
export const SAMPLE_PLAN_ID = '01J8Z6Q4M3N2P1R0S9T8V7W6X9';
export const OTHER_EVENT_ID = '01J8Z6Q4M3N2P1R0S9T8V7W6XA';

/** A winter race: its 7:30 start is on Mountain Standard Time. */
export function sampleRace(fields: Partial<NotificationRace> = {}): NotificationRace {
  return {
    id: SAMPLE_EVENT_ID,
    title: 'Boulder Trail Half',
    eventDate: '2027-01-16',
    startTime: '07:30',
    timeZone: 'America/Denver',
    locationName: 'Chautauqua Park',
    city: 'Boulder',
    state: 'CO',
    distances: [
      { label: 'Half Marathon', km: 21.0975 },
      { label: '10K', km: 10 },
    ],
    ...fields,
  };
}

const event = { id: SAMPLE_EVENT_ID, title: 'Boulder Trail Half', eventDate: '2027-01-16', city: 'Boulder', state: 'CO' };

/** Spotlight in Colorado for 14 days: $5 a day, $70. */
const promotion = {
  promotionId: SAMPLE_PROMOTION_ID,
  event,
  tier: 'spotlight',
  scope: 'state',
  scopeValue: 'CO',
  startDate: '2027-03-01',
  endDate: '2027-03-14',
  amountCents: 7000,
} as const;

export const SAMPLE_NOTIFICATIONS: { readonly [K in NotificationKind]: NotificationData<K> } = {
  'organizer-application-decided': { decision: 'approved', notes: 'Welcome to the organizers.' },
  'claim-decided': { claimId: `${SAMPLE_EVENT_ID}.sub-123`, decision: 'approved', event },
  'submitted-event-decided': { decision: 'rejected', event, notes: 'This race is already listed.' },
  'promotion-decided': { ...promotion, decision: 'approved' },
  // 03:30 UTC on the 20th is the evening of the 19th in New York, the product's calendar.
  'promotion-paid': { ...promotion, paidAt: '2027-02-20T03:30:00.000Z', paymentReference: 'pi_3Example' },
  'promotion-refunded': { ...promotion, refundedAt: '2027-02-22T15:00:00.000Z', reason: 'The promotion was not approved.' },
  'review-hidden': { reviewId: SAMPLE_REVIEW_ID, event, note: 'It shared a phone number', excerpt: 'Great course, call me at' },
  'saved-race-changed': {
    // Moved from before the March 14 daylight-saving change to after it, and an hour later.
    race: sampleRace({ eventDate: '2027-03-20', startTime: '08:00' }),
    changes: [
      { field: 'date', from: '2027-03-06', to: '2027-03-20' },
      { field: 'startTime', from: '07:00', to: '08:00' },
    ],
  },
  'registration-closing': {
    race: sampleRace(),
    registrationEndDate: '2027-01-10',
    daysLeft: 1,
    registrationUrl: 'https://runsignup.example/Race/CO/Boulder/BoulderTrailHalf',
  },
  'saved-search-matches': {
    searchId: SAMPLE_SEARCH_ID,
    searchName: 'Colorado trail',
    search: { q: 'trail', state: 'CO', type: 'trail_race' },
    races: [sampleRace(), sampleRace({ id: OTHER_EVENT_ID, title: 'Estes Park 50K', eventDate: '2027-06-05', startTime: '06:00', locationName: undefined, city: 'Estes Park', distances: [{ label: '50K', km: 50 }] })],
    totalMatches: 3,
  },
  'weekly-training-summary': {
    weekStart: '2027-01-04',
    plan: { id: SAMPLE_PLAN_ID, name: 'Half marathon, 12 weeks' },
    lastWeek: { workouts: 4, distanceKm: 32.2, durationMinutes: 185, plannedKm: 40, plannedWorkouts: 5 },
    nextWeek: {
      startDate: '2027-01-11',
      phase: 'build',
      plannedKm: 45,
      keyWorkouts: [
        { date: '2027-01-12', type: 'interval', distanceKm: 8, durationMinutes: 45 },
        { date: '2027-01-17', type: 'long_run', distanceKm: 16, durationMinutes: 100 },
      ],
    },
  },
};
