/** A race's status (shared/event-status.ts): what the store keeps, what an edit may not do, and what a reader sees. */
import { describe, expect, it } from 'vitest';
import { lacksPreviousDate, statusNote, withStatusDates, type StatusFacts } from '../../../shared/event-status.ts';

const listed = { eventDate: '2027-05-01' };

describe('what the store keeps', () => {
  it('keeps no status for a scheduled race, and no previous date but for a rescheduled one', () => {
    expect(withStatusDates({ ...listed, status: 'scheduled' as const })).toEqual(listed);
    expect(withStatusDates({ ...listed, status: 'postponed' as const, previousEventDate: '2027-04-01' })).toEqual({ ...listed, status: 'postponed' });
    expect(withStatusDates({ ...listed, previousEventDate: '2027-04-01' })).toEqual(listed);
  });

  it('records the date a rescheduled race moves from, the latest one when it moves again', () => {
    const moved: StatusFacts = withStatusDates({ eventDate: '2027-06-05', status: 'rescheduled' }, listed);
    expect(moved).toEqual({ eventDate: '2027-06-05', status: 'rescheduled', previousEventDate: '2027-05-01' });
    expect(withStatusDates({ ...moved, eventDate: '2027-06-12' }, moved)).toMatchObject({ previousEventDate: '2027-06-05' });
    // An edit of something else keeps it.
    expect(withStatusDates(moved, moved).previousEventDate).toBe('2027-05-01');
  });

  it('refuses rescheduled without a move, now or before', () => {
    expect(lacksPreviousDate({ ...listed, status: 'rescheduled' }, listed)).toBe(true);
    expect(lacksPreviousDate({ eventDate: '2027-06-05', status: 'rescheduled' }, listed)).toBe(false);
    expect(lacksPreviousDate({ ...listed, status: 'rescheduled' }, { ...listed, status: 'rescheduled', previousEventDate: '2027-04-01' })).toBe(false);
    expect(lacksPreviousDate({ ...listed, status: 'postponed' }, listed)).toBe(false);
  });
});

describe('what a reader sees', () => {
  it('says nothing of a scheduled race, and a few words of the others', () => {
    expect(statusNote(listed)).toBeUndefined();
    expect(statusNote({ ...listed, status: 'cancelled' })).toBe('Cancelled');
    expect(statusNote({ ...listed, status: 'postponed' })).toBe('Postponed: new date to be announced');
    expect(statusNote({ ...listed, status: 'rescheduled', previousEventDate: '2027-04-03' })).toBe('Rescheduled from Sat, Apr 3, 2027');
    expect(statusNote({ ...listed, status: 'virtual' })).toBe('Virtual race');
  });
});
