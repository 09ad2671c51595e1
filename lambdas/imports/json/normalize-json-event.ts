/**
 * STAND-IN until the norm helper's JSON normalizer lands on main (same path and signature): the spec-001
 * required fields and a straight mapping, enough for the import store's tests. Take main's version on merge.
 */
import { createHash } from 'node:crypto';
import type { ImportedEvent, NormalizeResult } from '../imported-event.ts';

const REQUIRED = ['title', 'city', 'state', 'location_name', 'event_date', 'event_type'] as const;

export function normalizeJsonEvent(raw: unknown, ctx: { today: string }): NormalizeResult | { missing: readonly string[] } {
  const record = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof record[name] === 'string' && (record[name] as string).trim() ? (record[name] as string).trim() : undefined);
  const missing = REQUIRED.filter((name) => text(name) === undefined);
  if (missing.length > 0) return { missing };
  const [title, city, state, locationName, eventDate, eventType] = REQUIRED.map((name) => text(name)!);
  if (eventDate! < ctx.today) return { skipped: 'past' };
  const sourceId = createHash('sha256').update(`${title}|${eventDate}|${city}`).digest('hex').slice(0, 24);
  const distances = typeof record.distances === 'string' ? record.distances.split(',').map((d) => d.trim()).filter(Boolean) : [];
  const event: ImportedEvent = {
    title: title!,
    eventDate: eventDate!,
    eventType: eventType as ImportedEvent['eventType'],
    terrainType: (text('terrain_type') ?? 'road') as ImportedEvent['terrainType'],
    locationName: locationName!,
    city: city!,
    state: state!.toUpperCase(),
    country: 'US',
    distances,
    tags: [],
    source: 'json',
    sourceId,
    ...(text('description') ? { description: text('description') } : {}),
    ...(typeof record.registration_fee === 'number' ? { registrationFee: record.registration_fee } : {}),
    ...(text('registration_url') ? { registrationUrl: text('registration_url') } : {}),
    ...(record.cancelled === true ? { cancelled: true } : {}),
  };
  return { event };
}
