import { describe, expect, it } from 'vitest';
import { RunSignupRaceSchema, RunSignupRacesPageSchema } from '#imports/runsignup/race-schema';

const minimal = { race_id: 1649, name: '10k Turkey Trek' };

describe('RunSignupRaceSchema', () => {
  it('reads RunSignup flags, nulls and blanks', () => {
    const race = RunSignupRaceSchema.parse({
      ...minimal,
      is_draft_race: 'F',
      is_private_race: 'T',
      is_registration_open: '',
      external_race_url: null,
      description: '',
      address: { street: 'Park', city: 'Arvada', state: 'CO', zipcode: 80007, country_code: 'US' },
      events: null,
    });
    expect(race).toMatchObject({ is_draft_race: false, is_private_race: true, is_registration_open: false, events: [] });
    expect(race.external_race_url).toBeUndefined();
    expect(race.description).toBeUndefined();
    expect(race.address.zipcode).toBe(80007);
  });

  it('accepts ids as numeric strings and ignores fields it does not use', () => {
    const race = RunSignupRaceSchema.parse({ ...minimal, race_id: '1649', fb_page_id: 12345, waiver: 'I know...', headings: [] });
    expect(race.race_id).toBe(1649);
    expect(race.fb_page_id).toBe('12345');
    expect(race).not.toHaveProperty('waiver');
  });

  it('accepts RunSignup date and time forms and refuses others', () => {
    for (const value of ['11/23/2026', '11/23/2026 07:00', '1/9/2027 17:10', '2026-11-23', '2026-11-23 07:00:00']) {
      expect(RunSignupRaceSchema.safeParse({ ...minimal, next_date: value }).success).toBe(true);
    }
    expect(RunSignupRaceSchema.safeParse({ ...minimal, next_date: 'Nov 23' }).success).toBe(false);
  });

  it('cuts an overlong description instead of refusing the race', () => {
    const race = RunSignupRaceSchema.parse({ ...minimal, description: `<p>${'x'.repeat(300_000)}</p>` });
    expect(race.description).toHaveLength(100_000);
  });

  it('parses events with registration periods', () => {
    const race = RunSignupRaceSchema.parse({
      ...minimal,
      events: [
        {
          event_id: 139165,
          race_event_days_id: 58262,
          name: '10k Turkey Trek',
          details: null,
          start_time: '11/18/2027 09:00',
          end_time: null,
          registration_opens: '12/1/2026 02:00',
          event_type: 'running_race',
          distance: '10K',
          volunteer: 'F',
          require_dob: 'T',
          require_phone: 'T',
          registration_periods: [{ registration_opens: '12/1/2026 02:00', registration_closes: '6/1/2027 01:59', race_fee: '$35.00', processing_fee: '$3.80' }],
        },
      ],
    });
    expect(race.events[0]).toMatchObject({ event_id: 139165, volunteer: false, require_dob: true, registration_periods: [{ race_fee: '$35.00' }] });
  });

  it('is strict about the id, the name, flags and nested shapes', () => {
    expect(RunSignupRaceSchema.safeParse({ name: 'No id' }).success).toBe(false);
    expect(RunSignupRaceSchema.safeParse({ ...minimal, race_id: -3 }).success).toBe(false);
    expect(RunSignupRaceSchema.safeParse({ ...minimal, race_id: 1.5 }).success).toBe(false);
    expect(RunSignupRaceSchema.safeParse({ ...minimal, name: '   ' }).success).toBe(false);
    expect(RunSignupRaceSchema.safeParse({ ...minimal, is_draft_race: 'yes' }).success).toBe(false);
    expect(RunSignupRaceSchema.safeParse({ ...minimal, events: 'none' }).success).toBe(false);
    expect(RunSignupRaceSchema.safeParse({ ...minimal, address: { city: ['Arvada'] } }).success).toBe(false);
  });

  it('reads a page of race items without judging each race', () => {
    const page = RunSignupRacesPageSchema.parse({ races: [{ race: minimal }, { race: { broken: true } }] });
    expect(page.races).toHaveLength(2);
    expect(RunSignupRacesPageSchema.safeParse({ races: 'none' }).success).toBe(false);
  });
});
