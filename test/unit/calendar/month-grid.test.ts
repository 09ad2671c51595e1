/**
 * The calendar page's date arithmetic (web/src/features/calendar/api): the weeks of a month grid, moving by
 * month and by key, races by day with '+N more', and the URL's month, filters, view and tab.
 */
import { describe, expect, it } from 'vitest';
import { calendarSearchParams, readCalendarParams } from '../../../web/src/features/calendar/api/calendar-params.ts';
import {
  cellRaces,
  dayAfterKey,
  daysInMonth,
  initialFocusDay,
  isMonthKey,
  monthRange,
  monthWeeks,
  racesByDay,
  sameDayInMonth,
  shiftMonth,
  weekdayOf,
} from '../../../web/src/features/calendar/api/month-grid.ts';

describe('month grid', () => {
  it('runs whole Sunday-to-Saturday weeks from the week of the 1st to the week of the last day', () => {
    // June 2025: Sunday the 1st to Monday the 30th: five weeks, the last ending Saturday July 5.
    const june = monthWeeks('2025-06');
    expect(june).toHaveLength(5);
    expect(june[0]![0]).toEqual({ date: '2025-06-01', inMonth: true });
    expect(june.at(-1)!.at(-1)).toEqual({ date: '2025-07-05', inMonth: false });
    // February 2026 starts on a Sunday and has 28 days: exactly four weeks, none outside.
    const february = monthWeeks('2026-02');
    expect(february).toHaveLength(4);
    expect(february.flat().every((day) => day.inMonth)).toBe(true);
    // May 2026 starts on a Friday and ends on a Sunday: six weeks.
    const may = monthWeeks('2026-05');
    expect(may).toHaveLength(6);
    expect(may[0]!.map((day) => day.date)).toEqual(['2026-04-26', '2026-04-27', '2026-04-28', '2026-04-29', '2026-04-30', '2026-05-01', '2026-05-02']);
    for (const week of [...june, ...february, ...may]) {
      expect(week).toHaveLength(7);
      expect(weekdayOf(week[0]!.date)).toBe(0);
    }
  });

  it('counts the days of each month, leap years included, across the daylight-saving changes', () => {
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2100-02')).toBe(28);
    expect(daysInMonth('2026-03')).toBe(31);
    expect(monthWeeks('2026-03').flat().filter((day) => day.inMonth)).toHaveLength(31);
    expect(monthWeeks('2026-11').flat().filter((day) => day.inMonth)).toHaveLength(30);
  });

  it('moves by month across year ends, and to the same day or the last of a shorter month', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', 20)).toBe('2028-01');
    expect(sameDayInMonth('2026-01-31', 1)).toBe('2026-02-28');
    expect(sameDayInMonth('2028-03-31', -1)).toBe('2028-02-29');
    expect(sameDayInMonth('2026-05-15', -1)).toBe('2026-04-15');
  });

  it('moves a focused day as the WAI-ARIA date grid does, and ignores other keys', () => {
    expect(dayAfterKey('2026-05-01', 'ArrowLeft')).toBe('2026-04-30');
    expect(dayAfterKey('2026-05-31', 'ArrowRight')).toBe('2026-06-01');
    expect(dayAfterKey('2026-05-03', 'ArrowUp')).toBe('2026-04-26');
    expect(dayAfterKey('2026-05-28', 'ArrowDown')).toBe('2026-06-04');
    // Wednesday May 13 2026: its week runs Sunday 10 to Saturday 16.
    expect(dayAfterKey('2026-05-13', 'Home')).toBe('2026-05-10');
    expect(dayAfterKey('2026-05-13', 'End')).toBe('2026-05-16');
    expect(dayAfterKey('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(dayAfterKey('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(dayAfterKey('2026-05-13', 'Enter')).toBeUndefined();
    expect(dayAfterKey('2026-05-13', 'a')).toBeUndefined();
  });

  it('focuses the chosen day, else today, else the 1st', () => {
    expect(initialFocusDay('2026-05', '2026-05-20', '2026-05-02')).toBe('2026-05-02');
    expect(initialFocusDay('2026-05', '2026-05-20', '2026-06-02')).toBe('2026-05-20');
    expect(initialFocusDay('2026-06', '2026-05-20')).toBe('2026-06-01');
  });
});

describe('races by day', () => {
  const race = (id: string, eventDate: string, title: string) => ({ id, eventDate, title });

  it('groups races on their day, in date then title order', () => {
    const byDay = racesByDay([race('3', '2026-05-09', 'Zeta'), race('1', '2026-05-02', 'Beta'), race('2', '2026-05-09', 'Alpha')]);
    expect([...byDay.keys()]).toEqual(['2026-05-02', '2026-05-09']);
    expect(byDay.get('2026-05-09')!.map((entry) => entry.title)).toEqual(['Alpha', 'Zeta']);
  });

  it("shows every race that fits, else one fewer and '+N more' for the rest (never '+1 more' for one race)", () => {
    expect(cellRaces(['a', 'b', 'c'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(cellRaces(['a', 'b', 'c', 'd'], 3)).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(cellRaces(Array.from({ length: 20 }, (_, index) => index), 3)).toEqual({ shown: [0, 1], more: 18 });
    expect(cellRaces([], 3)).toEqual({ shown: [], more: 0 });
  });
});

describe('the month a search asks for', () => {
  it("asks from today in the current month, the whole month after it, and nothing for a past month", () => {
    expect(monthRange('2026-05', '2026-05-14')).toEqual({ from: '2026-05-14', to: '2026-05-31' });
    expect(monthRange('2026-06', '2026-05-14')).toEqual({ from: '2026-06-01', to: '2026-06-30' });
    expect(monthRange('2026-04', '2026-05-14')).toBeUndefined();
    expect(monthRange('2026-05', '2026-05-31')).toEqual({ from: '2026-05-31', to: '2026-05-31' });
  });
});

describe('the calendar URL', () => {
  const read = (query: string) => readCalendarParams(new URLSearchParams(query), '2026-05-14');

  it('defaults to the current month in New York and drops what is not valid', () => {
    expect(read('')).toEqual({ month: '2026-05', filters: {}, tab: 'all' });
    expect(read('month=2026-13&state=zz&type=marathon&distance=42k&view=week&tab=other')).toEqual({ month: '2026-05', filters: {}, tab: 'all' });
    expect(isMonthKey('2026-00')).toBe(false);
    expect(isMonthKey('2030-12')).toBe(true);
  });

  it('reads and writes the month, filters, view and tab in one order', () => {
    const calendar = read('tab=mine&view=agenda&distance=HALF&type=trail_race&state=co&month=2027-01');
    expect(calendar).toEqual({ month: '2027-01', filters: { state: 'CO', type: 'trail_race', distance: 'half' }, view: 'agenda', tab: 'mine' });
    expect(calendarSearchParams(calendar).toString()).toBe('month=2027-01&state=CO&type=trail_race&distance=half&view=agenda&tab=mine');
    expect(calendarSearchParams(read('')).toString()).toBe('month=2026-05');
  });
});
