import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildCalendar, buildIcs, escapeText, foldLine, icsFileName, nextDay } from '../../../shared/ics.ts';
import { raceStart } from '../../../shared/race-start.ts';

const NOW = new Date('2026-03-01T15:04:05.678Z');
const base = { id: '01JABCDEFGHJKMNPQRSTVWXYZ0', title: 'Spring 10K', date: '2026-04-18', now: NOW };

/** The unfolded content lines of a calendar file (RFC 5545 3.1: CRLF followed by one space continues a line). */
function contentLines(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('.ics builder', () => {
  it('writes one all-day VEVENT in a VCALENDAR with CRLF line endings', () => {
    const ics = buildIcs(base);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    // Every line break is CRLF: no bare LF or CR anywhere.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = contentLines(ics);
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('UID:01JABCDEFGHJKMNPQRSTVWXYZ0@racefinder');
    expect(lines).toContain('DTSTAMP:20260301T150405Z');
    expect(lines).toContain('DTSTART;VALUE=DATE:20260418');
    expect(lines).toContain('DTEND;VALUE=DATE:20260419');
    expect(lines).toContain('SUMMARY:Spring 10K');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('ends an all-day event the next day across month, year and leap-day boundaries', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-03-08')).toBe('2026-03-09'); // US daylight-saving change
    const lines = contentLines(buildIcs({ ...base, date: '2026-12-31' }));
    expect(lines).toContain('DTSTART;VALUE=DATE:20261231');
    expect(lines).toContain('DTEND;VALUE=DATE:20270101');
  });

  it('escapes backslashes, semicolons, commas and line breaks in text values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const lines = contentLines(
      buildIcs({ ...base, title: 'Run; Walk, Roll', location: 'Park, Austin, TX', description: 'Line one\nLine two; with \\ slash' }),
    );
    expect(lines).toContain('SUMMARY:Run\\; Walk\\, Roll');
    expect(lines).toContain('LOCATION:Park\\, Austin\\, TX');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two\\; with \\\\ slash');
  });

  it('keeps URLs as URIs (not text-escaped) and leaves out empty optional properties', () => {
    const withUrl = contentLines(buildIcs({ ...base, url: 'https://racefinder.test/events/1?a=1,2' }));
    expect(withUrl).toContain('URL:https://racefinder.test/events/1?a=1,2');
    const bare = buildIcs(base);
    expect(bare).not.toMatch(/^(LOCATION|DESCRIPTION|URL):/m);
  });

  it('folds lines longer than 75 octets, continuation lines starting with a space', () => {
    const description = 'A'.repeat(300);
    const ics = buildIcs({ ...base, description });
    for (const physical of ics.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(ics).toMatch(/\r\n A/);
    expect(contentLines(ics)).toContain(`DESCRIPTION:${description}`);
  });

  it('never splits a multi-byte character when folding', () => {
    const line = `SUMMARY:${'é'.repeat(60)}🏃${'ü'.repeat(40)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    // A short line is left alone.
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    // Exactly 75 octets stays on one line; 76 folds.
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
  });

  it('names the file after the title', () => {
    expect(icsFileName('Boston Marathon 2026!')).toBe('boston-marathon-2026.ics');
    expect(icsFileName('Café Crème 5K')).toBe('cafe-creme-5k.ics');
    expect(icsFileName('???')).toBe('race.ics');
  });

  it('writes a feed of many entries (and an empty one) that a real parser reads back', () => {
    const events = [
      { ...base, id: 'plan-2026-04-14', title: 'Easy run · 5 km', date: '2026-04-14', sequence: 3 },
      { ...base, id: 'plan-2026-04-18', title: 'Race day: 10K', date: '2026-04-18', description: 'Go, go; go!\nWarm up first.' },
    ];
    const ics = buildCalendar({ name: 'RaceFinder: 10K plan', events, now: NOW, refreshHours: 6 });
    const lines = contentLines(ics);
    expect(lines).toContain('X-WR-CALNAME:RaceFinder: 10K plan');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    const calendar = ICAL.Component.fromString(ics);
    const parsed = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(parsed.map((event) => [event.uid, event.summary, event.startDate.toString(), event.endDate.toString(), event.sequence])).toEqual([
      ['plan-2026-04-14@racefinder', 'Easy run · 5 km', '2026-04-14', '2026-04-15', 3],
      // No SEQUENCE written means 0 (RFC 5545 3.8.7.4); ical.js reports the property as absent.
      ['plan-2026-04-18@racefinder', 'Race day: 10K', '2026-04-18', '2026-04-19', null],
    ]);
    expect(parsed[1]!.description).toBe('Go, go; go!\nWarm up first.');
    expect(calendar.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT6H');

    const empty = ICAL.Component.fromString(buildCalendar({ events: [], now: NOW }));
    expect(empty.getAllSubcomponents('vevent')).toEqual([]);
    expect(empty.getFirstPropertyValue('prodid')).toBe('-//RaceFinder//Calendar Feed//EN');
  });

  it("starts a race with a start time at that instant, in UTC, with no end nobody announced", () => {
    const start = raceStart({ eventDate: '2026-04-18', startTime: '07:30', timeZone: 'America/Denver' });
    const ics = buildIcs({ ...base, start });
    const lines = contentLines(ics);
    expect(lines).toContain('DTSTART:20260418T133000Z');
    expect(lines.some((line) => line.startsWith('DTEND'))).toBe(false);
    const [event] = ICAL.Component.fromString(ics).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-04-18T13:30:00.000Z');
    expect(event!.startDate.isDate).toBe(false);
  });
});
