/**
 * The checks spec 001 makes in the browser before a JSON paste is sent ('Please enter JSON data to import',
 * 'Data must be an array of events'), and the format example. Each event's fields are checked by the server,
 * which refuses the whole paste when any event lacks a required field ('N events have missing required
 * fields'), so nothing is half imported.
 */
import { JSON_IMPORT_MAX_EVENTS } from '#shared/schemas/import-job';

export type JsonPasteResult = { ok: true; events: unknown[] } | { ok: false; message: string };

export function readJsonPaste(text: string): JsonPasteResult {
  if (!text.trim()) return { ok: false, message: 'Please enter JSON data to import' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Data must be an array of events (this is not valid JSON: ${reason})` };
  }
  if (!Array.isArray(data)) return { ok: false, message: 'Data must be an array of events' };
  if (data.length === 0) return { ok: false, message: 'Please enter JSON data to import' };
  if (data.length > JSON_IMPORT_MAX_EVENTS) {
    return { ok: false, message: `At most ${JSON_IMPORT_MAX_EVENTS.toLocaleString('en-US')} events can be imported at once; this has ${data.length.toLocaleString('en-US')}` };
  }
  return { ok: true, events: data };
}

/** The fields every event must have (spec 001). */
export const REQUIRED_FIELDS = ['title', 'event_date', 'event_type', 'location_name', 'city', 'state'] as const;

/** One event in the paste's format, dated next year so the example never shows a past race. */
export function formatExample(today: string): string {
  const year = Number(today.slice(0, 4)) + 1;
  const example = [
    {
      title: 'Riverfront 10K',
      description: 'A flat, fast loop along the river.',
      event_date: `${year}-05-16`,
      start_time: '07:30',
      event_type: 'road_race',
      terrain_type: 'road',
      location_name: 'Riverfront Park',
      city: 'Denver',
      state: 'CO',
      zip_code: '80202',
      distances: ['10K', '5K'],
      registration_fee: 45,
      registration_url: 'https://example.com/riverfront-10k/register',
      website_url: 'https://example.com/riverfront-10k',
    },
  ];
  return JSON.stringify(example, null, 2);
}
