import { describe, expect, it } from 'vitest';
import { composeMessage, renderMessage, type MessageLinks, type MessageReader } from '../../../lambdas/notifications/render-message.ts';
import { NOTIFICATION_KINDS, isEssentialKind, type NotificationData, type NotificationKind } from '#shared/schemas/notifications';
import { OTHER_EVENT_ID, SAMPLE_EVENT_ID, SAMPLE_NOTIFICATIONS, sampleRace } from '../../support/notification-samples.ts';

const SITE = 'https://racefinder.test';
const LINKS: MessageLinks & { unsubscribePageUrl: string } = {
  siteUrl: SITE,
  unsubscribeUrl: `${SITE}/api/unsubscribe?token=u1.abc.def`,
  unsubscribePageUrl: `${SITE}/unsubscribe/notifications?token=u1.abc.def`,
};
const KM_READER: MessageReader = { name: 'Ana', unit: 'km', email: 'ana@example.com' };
const MI_READER: MessageReader = { unit: 'mi', email: 'bo@example.com' };

/** The HTML as a reader sees its text: React writes an empty comment between neighbouring text nodes. */
const visible = (html: string): string => html.replaceAll('<!-- -->', '');

interface Expected {
  readonly subject: { readonly km: string; readonly mi: string };
  /** A line of the plain-text part, for each unit. */
  readonly line: { readonly km: string; readonly mi: string };
  /** The same fact as the HTML part writes it. */
  readonly html: { readonly km: string; readonly mi: string };
  readonly action: string;
}

const same = (value: string) => ({ km: value, mi: value });

const EXPECTED: Readonly<Record<NotificationKind, Expected>> = {
  'organizer-application-decided': {
    subject: same('You are now a RaceFinder organizer'),
    line: same('Decision: Approved'),
    html: same('<strong>Decision:</strong> Approved'),
    action: `${SITE}/organizer-dashboard`,
  },
  'claim-decided': {
    subject: same('Your claim of Boulder Trail Half was approved'),
    line: same('Place: Boulder, CO'),
    html: same('<strong>Event:</strong> Boulder Trail Half'),
    action: `${SITE}/events/${SAMPLE_EVENT_ID}`,
  },
  'submitted-event-decided': {
    subject: same('Boulder Trail Half was not added to RaceFinder'),
    line: same('Note from the RaceFinder team: This race is already listed.'),
    html: same('<strong>Decision:</strong> Not added'),
    action: `${SITE}/submit-event`,
  },
  'promotion-decided': {
    subject: same('Your promotion of Boulder Trail Half was approved'),
    line: same('Promotion: Spotlight, Colorado, Mon, Mar 1, 2027 to Sun, Mar 14, 2027 (14 days)'),
    html: same('<strong>Amount:</strong> $70.00'),
    action: `${SITE}/organizer-dashboard`,
  },
  'promotion-paid': {
    subject: same('Receipt: Spotlight promotion of Boulder Trail Half, $70.00'),
    line: same('Paid on: Fri, Feb 19, 2027'),
    html: same('<strong>Amount paid:</strong> $70.00'),
    action: `${SITE}/organizer-dashboard`,
  },
  'promotion-refunded': {
    subject: same('Refund: $70.00 for your promotion of Boulder Trail Half'),
    line: same('Amount refunded: $70.00'),
    html: same('<strong>Refunded on:</strong> Mon, Feb 22, 2027'),
    action: `${SITE}/organizer-dashboard`,
  },
  'review-hidden': {
    subject: same('Your review of Boulder Trail Half was hidden'),
    line: same("Moderator's note: It shared a phone number"),
    html: same('<strong>Your review:</strong> Great course, call me at'),
    action: `${SITE}/events/${SAMPLE_EVENT_ID}`,
  },
  'saved-race-changed': {
    subject: same('Boulder Trail Half: new date and start time'),
    line: { km: 'Distances: Half Marathon (21.1 km), 10K (10 km)', mi: 'Distances: Half Marathon (13.1 mi), 10K (6.2 mi)' },
    html: same('<strong>Start time:</strong> now 8:00 AM MDT (was 7:00 AM MST)'),
    action: `${SITE}/events/${SAMPLE_EVENT_ID}`,
  },
  'registration-closing': {
    subject: same('Registration for Boulder Trail Half closes tomorrow'),
    line: { km: 'Distances: Half Marathon (21.1 km), 10K (10 km)', mi: 'Distances: Half Marathon (13.1 mi), 10K (6.2 mi)' },
    html: same('<strong>When:</strong> Saturday, January 16, 2027 at 7:30 AM MST'),
    action: 'https://runsignup.example/Race/CO/Boulder/BoulderTrailHalf',
  },
  'saved-search-matches': {
    subject: same('3 new races for your search "Colorado trail"'),
    line: {
      km: 'Saturday, January 16, 2027 at 7:30 AM MST · Chautauqua Park, Boulder, CO · Half Marathon (21.1 km), 10K (10 km)',
      mi: 'Saturday, January 16, 2027 at 7:30 AM MST · Chautauqua Park, Boulder, CO · Half Marathon (13.1 mi), 10K (6.2 mi)',
    },
    html: { km: 'Saturday, June 5, 2027 at 6:00 AM MDT · Estes Park, CO · 50K (50 km)', mi: 'Saturday, June 5, 2027 at 6:00 AM MDT · Estes Park, CO · 50K (31.1 mi)' },
    action: `${SITE}/events?q=trail&state=CO&type=trail_race`,
  },
  'weekly-training-summary': {
    subject: { km: 'Your training week: 32.2 km in 4 workouts', mi: 'Your training week: 20 mi in 4 workouts' },
    line: { km: 'Distance: 32.2 km of 40 km planned', mi: 'Distance: 20 mi of 24.9 mi planned' },
    html: { km: '<strong>Tue, Jan 12, 2027:</strong> Intervals · 8 km · 45 min', mi: '<strong>Tue, Jan 12, 2027:</strong> Intervals · 5 mi · 45 min' },
    action: `${SITE}/training-dashboard`,
  },
};

function render<K extends NotificationKind>(kind: K, data: NotificationData<K>, reader: MessageReader = KM_READER, links: MessageLinks = LINKS) {
  return renderMessage(kind, data, reader, links);
}

describe('renderMessage', () => {
  describe.each(NOTIFICATION_KINDS.map((kind) => [kind]))('%s', (kind) => {
    it.each([
      ['km', KM_READER],
      ['mi', MI_READER],
    ] as const)('renders for a reader in %s: subject, text and HTML parts, the link to what it is about', async (unit, reader) => {
      const message = await render(kind, SAMPLE_NOTIFICATIONS[kind], reader);
      const expected = EXPECTED[kind];

      expect(message.subject).toBe(expected.subject[unit]);
      expect(message.text.split('\n')).toContain(expected.line[unit]);
      expect(visible(message.html)).toContain(expected.html[unit]);
      expect(message.html).toContain(`href="${expected.action.replaceAll('&', '&amp;')}"`);
      expect(message.text).toContain(expected.action);
      // The plain-text part is text: no markup left, the greeting and the footer in words.
      expect(message.text).not.toMatch(/<\/?(p|a|table|tr|td|span|strong|br|div)\b/);
      expect(message.text).toContain(reader.name ? 'Hi Ana,' : 'Hi,');
      expect(message.text).toContain(`It was sent to ${reader.email}.`);
      expect(message.text).toContain(`Notification settings ${SITE}/settings/notifications`);
      expect(message.text).toContain(LINKS.unsubscribePageUrl);
    });
  });

  it("links every kind's inbox item to a page of the site, even when the button leaves it", () => {
    for (const kind of NOTIFICATION_KINDS) {
      const { inboxLink } = composeMessage(kind, SAMPLE_NOTIFICATIONS[kind], KM_READER, LINKS);
      expect(new URL(inboxLink.href).origin, kind).toBe(SITE);
    }
    const closing = composeMessage('registration-closing', SAMPLE_NOTIFICATIONS['registration-closing'], KM_READER, LINKS);
    expect(closing.content.action.href).toBe(SAMPLE_NOTIFICATIONS['registration-closing'].registrationUrl);
    expect(closing.inboxLink).toEqual({ label: 'See the race', href: `${SITE}/events/${SAMPLE_EVENT_ID}` });
  });

  it('carries the one-click unsubscribe headers of RFC 8058 for every kind', async () => {
    for (const kind of NOTIFICATION_KINDS) {
      const { headers } = await render(kind, SAMPLE_NOTIFICATIONS[kind]);
      expect(headers).toEqual({
        'List-Unsubscribe': `<${LINKS.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    }
  });

  it('says an essential message is always sent, and offers to stop the other e-mails instead', async () => {
    const essential = await render('promotion-paid', SAMPLE_NOTIFICATIONS['promotion-paid']);
    expect(isEssentialKind('promotion-paid')).toBe(true);
    expect(essential.text).toContain("You're getting this e-mail because you paid for a promotion on RaceFinder. It is about your account, so RaceFinder always sends it.");
    expect(essential.text).toContain(`Unsubscribe from all other RaceFinder e-mails ${LINKS.unsubscribePageUrl}`);

    const optional = await render('registration-closing', SAMPLE_NOTIFICATIONS['registration-closing']);
    expect(optional.text).toContain("You're getting this e-mail because you saved Boulder Trail Half. It was sent to");
    expect(optional.text).toContain(`Unsubscribe from these e-mails ${LINKS.unsubscribePageUrl}`);
    expect(optional.text).not.toContain('always sends it');
  });

  it('links the footer to the one-click endpoint when no confirmation page is given', async () => {
    const message = await render('saved-race-changed', SAMPLE_NOTIFICATIONS['saved-race-changed'], KM_READER, { siteUrl: SITE, unsubscribeUrl: LINKS.unsubscribeUrl });
    expect(message.text).toContain(`Unsubscribe from these e-mails ${LINKS.unsubscribeUrl}`);
  });

  describe('a race start on its own clock', () => {
    const closing = (race: ReturnType<typeof sampleRace>) =>
      render('registration-closing', { ...SAMPLE_NOTIFICATIONS['registration-closing'], race }).then((message) => message.text.split('\n').find((line) => line.startsWith('When: ')));

    it('writes a Denver race in January on Mountain Standard Time', async () => {
      expect(await closing(sampleRace({ eventDate: '2027-01-16', startTime: '07:30' }))).toBe('When: Saturday, January 16, 2027 at 7:30 AM MST');
    });

    it('writes a Denver race in July on Mountain Daylight Time', async () => {
      expect(await closing(sampleRace({ eventDate: '2027-07-17', startTime: '07:30' }))).toBe('When: Saturday, July 17, 2027 at 7:30 AM MDT');
    });

    it('writes a race on the morning clocks spring forward on daylight time, and one on the day they fall back on standard time', async () => {
      expect(await closing(sampleRace({ eventDate: '2027-03-14', startTime: '07:30' }))).toBe('When: Sunday, March 14, 2027 at 7:30 AM MDT');
      expect(await closing(sampleRace({ eventDate: '2027-11-07', startTime: '07:30' }))).toBe('When: Sunday, November 7, 2027 at 7:30 AM MST');
    });

    it('keeps Phoenix on standard time in summer', async () => {
      expect(await closing(sampleRace({ eventDate: '2027-07-17', startTime: '05:00', timeZone: 'America/Phoenix', city: 'Phoenix', state: 'AZ' }))).toBe(
        'When: Saturday, July 17, 2027 at 5:00 AM MST',
      );
    });

    it('writes the day alone when the start time is not announced', async () => {
      expect(await closing(sampleRace({ startTime: undefined }))).toBe('When: Saturday, January 16, 2027');
    });
  });

  describe('what people wrote', () => {
    const HOSTILE = '<script>alert("x")</script> "Quotes" & ampersands';

    it('escapes titles, notes and names in the HTML and keeps them as written in the text and subject', async () => {
      const data: NotificationData<'claim-decided'> = {
        ...SAMPLE_NOTIFICATIONS['claim-decided'],
        decision: 'rejected',
        event: { id: SAMPLE_EVENT_ID, title: HOSTILE },
        notes: '<img src=x onerror=alert(1)> & "more"',
      };
      const message = await render('claim-decided', data, { name: '<b>Ana</b>', unit: 'km', email: 'ana@example.com' });

      expect(message.html).not.toMatch(/<script|<img|<b>/);
      expect(visible(message.html)).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &quot;Quotes&quot; &amp; ampersands');
      expect(visible(message.html)).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;more&quot;');
      expect(visible(message.html)).toContain('Hi &lt;b&gt;Ana&lt;/b&gt;,');
      expect(message.subject).toBe(`Your claim of ${HOSTILE} was not approved`);
      expect(message.text).toContain(`Event: ${HOSTILE}`);
    });

    it('keeps a subject on one line whatever the title holds', async () => {
      const message = await render('review-hidden', { ...SAMPLE_NOTIFICATIONS['review-hidden'], event: { id: SAMPLE_EVENT_ID, title: 'Boulder\r\nBcc: someone@example.com' } });
      expect(message.subject).toBe('Your review of Boulder Bcc: someone@example.com was hidden');
    });

    it('refuses a registration link that is not http(s)', async () => {
      const data = { ...SAMPLE_NOTIFICATIONS['registration-closing'], registrationUrl: 'javascript:alert(1)' };
      await expect(render('registration-closing', data)).rejects.toThrow(/http/);
    });
  });

  describe('data from the queue', () => {
    it('refuses data of the wrong shape before rendering', async () => {
      const data = { ...SAMPLE_NOTIFICATIONS['registration-closing'], daysLeft: 3 } as unknown as NotificationData<'registration-closing'>;
      await expect(render('registration-closing', data)).rejects.toThrow();
      const noRaces = { ...SAMPLE_NOTIFICATIONS['saved-search-matches'], races: [] };
      await expect(render('saved-search-matches', noRaces)).rejects.toThrow();
    });

    it('refuses a race whose time zone Intl does not know', async () => {
      const data = { ...SAMPLE_NOTIFICATIONS['registration-closing'], race: sampleRace({ timeZone: 'Mountain/Nowhere' }) };
      await expect(render('registration-closing', data)).rejects.toThrow(/IANA time zone/);
    });

    it('refuses links that are not https, but for the local stack on the loopback', async () => {
      const data = SAMPLE_NOTIFICATIONS['promotion-paid'];
      await expect(render('promotion-paid', data, KM_READER, { siteUrl: 'http://racefinder.test', unsubscribeUrl: LINKS.unsubscribeUrl })).rejects.toThrow(/https/);
      await expect(render('promotion-paid', data, KM_READER, { siteUrl: SITE, unsubscribeUrl: 'javascript:alert(1)' })).rejects.toThrow(/https/);
      const local = await render('promotion-paid', data, KM_READER, { siteUrl: 'http://127.0.0.1:3000', unsubscribeUrl: 'http://127.0.0.1:3000/api/unsubscribe?token=t' });
      expect(local.headers['List-Unsubscribe']).toBe('<http://127.0.0.1:3000/api/unsubscribe?token=t>');
      expect(local.text).toContain('See your promotions http://127.0.0.1:3000/organizer-dashboard');
    });
  });

  describe('the daily digest', () => {
    it('links each race and says how many more the search page has', async () => {
      const message = await render('saved-search-matches', SAMPLE_NOTIFICATIONS['saved-search-matches']);
      expect(message.text).toContain(`Boulder Trail Half ${SITE}/events/${SAMPLE_EVENT_ID}`);
      expect(message.text).toContain(`Estes Park 50K ${SITE}/events/${OTHER_EVENT_ID}`);
      expect(message.text).toContain('And 1 more race on the search page.');
      expect(message.text).toContain(`See all 3 new races ${SITE}/events?q=trail&state=CO&type=trail_race`);
    });

    it('sends a charity search to the charity races page, which keeps that filter', async () => {
      const data = { ...SAMPLE_NOTIFICATIONS['saved-search-matches'], search: { tag: 'charity', near: '80302', radius: 50 }, totalMatches: 2 } as const;
      const message = await render('saved-search-matches', data);
      expect(message.text).toContain(`See the search ${SITE}/charity-races?near=80302&radius=50`);
    });
  });

  describe('a saved race that changed', () => {
    it('leads with a cancellation', async () => {
      const data: NotificationData<'saved-race-changed'> = { race: sampleRace(), changes: [{ field: 'status', to: 'cancelled' }] };
      const message = await render('saved-race-changed', data);
      expect(message.subject).toBe('Boulder Trail Half is cancelled');
      expect(message.text).toContain('A race you saved is cancelled');
      expect(message.text).toContain('Status: Cancelled');
    });

    it('leads with a postponement, which has no new date yet', async () => {
      const data: NotificationData<'saved-race-changed'> = { race: sampleRace(), changes: [{ field: 'status', to: 'postponed' }] };
      const message = await render('saved-race-changed', data);
      expect(message.subject).toBe('Boulder Trail Half is postponed');
      expect(message.text).toContain('A race you saved is postponed');
      expect(message.text).toContain('Status: Postponed');
    });

    it('names a new place and a new registration link', async () => {
      const data: NotificationData<'saved-race-changed'> = {
        race: sampleRace(),
        changes: [
          { field: 'place', from: { city: 'Boulder', state: 'CO' }, to: { locationName: 'Chautauqua Park', city: 'Boulder', state: 'CO' } },
          { field: 'registrationUrl', to: 'https://register.example/boulder' },
        ],
      };
      const message = await render('saved-race-changed', data);
      expect(message.subject).toBe('Boulder Trail Half: new place and registration link');
      expect(message.text).toContain('Place: now Chautauqua Park, Boulder, CO (was Boulder, CO)');
      expect(message.html).toContain('href="https://register.example/boulder"');
    });

    it('points a reader whose plan still builds to the old day to that plan, and says nothing of plans to a reader without one', async () => {
      const moved = SAMPLE_NOTIFICATIONS['saved-race-changed'];
      const planId = '01JRACEP1AN000000000000001';
      const planned = { ...moved, plans: [{ id: planId, name: 'Boulder Trail Half · Half Marathon', date: '2027-03-06' }] };
      const withPlan = await render('saved-race-changed', planned);
      // The plain text wraps its lines; read as one.
      const text = withPlan.text.replace(/\s+/g, ' ');
      expect(text).toContain(`Your training plan “Boulder Trail Half · Half Marathon” still builds to Saturday, March 6, 2027. Move it to the new date ${SITE}/training/plans/${planId}`);
      expect(withPlan.html).toContain(`href="${SITE}/training/plans/${planId}"`);
      const preview = (data: NotificationData<'saved-race-changed'>) => composeMessage('saved-race-changed', data, KM_READER, LINKS).content.preview;
      expect(preview(planned)).toBe('Boulder Trail Half has a new date and start time. Your training plan for it still builds to the old date.');
      const without = await render('saved-race-changed', moved);
      expect(without.text).not.toContain('training plan');
      expect(preview(moved)).toBe('Boulder Trail Half has a new date and start time.');
    });
  });

  it('tells a reader with no workouts and no plan ahead what the summary still offers', async () => {
    const data: NotificationData<'weekly-training-summary'> = { weekStart: '2027-01-04', lastWeek: { workouts: 0, distanceKm: 0, durationMinutes: 0 } };
    const message = await render('weekly-training-summary', data, MI_READER);
    expect(message.subject).toBe('Your training week: 0 mi in 0 workouts');
    expect(message.text).toContain('You logged no workouts last week');
    expect(message.text).toContain('You have no plan for next week.');
  });
});
