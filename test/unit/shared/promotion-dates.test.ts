import { describe, expect, it } from 'vitest';
import { datesFromApproval } from '#shared/promotions';

const bought = { startDate: '2027-03-01', endDate: '2027-03-07' };

describe('a promotion approved after its start date', () => {
  it('keeps its dates when approved before they start', () => {
    expect(datesFromApproval(bought, '2027-02-27', '2027-06-01')).toEqual({ startDate: '2027-03-01', endDate: '2027-03-07' });
  });

  it('keeps its dates when approved on its first day', () => {
    expect(datesFromApproval(bought, '2027-03-01', '2027-06-01')).toEqual({ startDate: '2027-03-01', endDate: '2027-03-07' });
  });

  it('starts on the day of approval and keeps every paid day when review took days', () => {
    expect(datesFromApproval(bought, '2027-03-04', '2027-06-01')).toEqual({ startDate: '2027-03-04', endDate: '2027-03-10' });
    // Approved after the bought span had ended: still all seven days.
    expect(datesFromApproval(bought, '2027-03-20', '2027-06-01')).toEqual({ startDate: '2027-03-20', endDate: '2027-03-26' });
  });

  it('ends by the race, since search lists upcoming races only', () => {
    expect(datesFromApproval(bought, '2027-03-04', '2027-03-08')).toEqual({ startDate: '2027-03-04', endDate: '2027-03-08' });
  });
});
