/**
 * One event of a JSON paste import (product spec 001, /admin: an array of events with the fields of the
 * events table, section 3) into the ImportedEvent the upsert takes, through the same rules as RunSignup's
 * races. Fields are snake_case as in the spec (event_date, location_name, zip_code...); camelCase
 * (eventDate, locationName, zipCode...) is accepted too, since that is what the product's own API returns.
 *
 * Required, as spec 001 says for this import: title, city, state, location_name, event_date and
 * event_type. An event missing any of them comes back as `{ missing: [...] }` (snake_case names), so the
 * import can refuse the whole paste with 'N events have missing required fields' before writing anything.
 * Everything else is optional; coordinates come from the ZIP (or the city) when not given.
 *
 * sourceId is a hash of the normalized title, date and city: pasting the same JSON again updates those
 * events instead of adding them twice.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { EVENT_TYPES, TERRAIN_TYPES, type EventType, type TerrainType } from '#shared/event-vocabulary';
import type { ImportedEvent, NormalizeResult } from '#imports/imported-event';
import { normalizeUsAddress } from '#imports/normalize/address';
import { coordinatesForCity, coordinatesForZip } from '#imports/normalize/coordinates';
import { clockTime, localDateTimeOf } from '#imports/normalize/dates';
import { raceTimeZone } from '#shared/race-time-zones';
import { htmlToPlainText, plainTextLine } from '#imports/normalize/description';
import { normalizeDistances } from '#imports/normalize/distances';
import { classifyRace, mapSourceEventType } from '#imports/normalize/event-type';
import { parseFee } from '#imports/normalize/fee';
import { checkedEvent, firstIssue } from '#imports/normalize/imported-event-schema';
import { titleKey } from '#imports/normalize/match-key';
import { httpUrl } from '#lib/http-url';
import { imageUrl } from '#imports/normalize/url';
import { isCancelledName, visibilitySkip, withoutCancelledMark } from '#imports/normalize/visibility';

/** Fields every pasted event must have (spec 001, JSON import validation). */
export const JSON_REQUIRED_FIELDS = ['title', 'city', 'state', 'location_name', 'event_date', 'event_type'] as const;

/** The fields of spec 001's events table that the import reads, snake_case. */
const FIELDS = [
  'title', 'description', 'event_date', 'start_time', 'registration_end_date', 'event_type', 'terrain_type', 'location_name', 'city',
  'state', 'country', 'zip_code', 'distances', 'registration_fee', 'max_participants', 'registration_url', 'website_url',
  'image_url', 'latitude', 'longitude', 'tags', 'cancelled',
] as const;
type Field = (typeof FIELDS)[number];

const camel = (field: string) => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const textValue = z.union([z.string(), z.number()]).transform(String).optional();
const numberValue = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'must be a number').transform(Number)])
  .optional();
const listValue = z
  .union([z.array(z.union([z.string(), z.number()]).transform(String)).max(100), z.string().transform((value) => value.split(','))])
  .optional();

/** The loose shape of one pasted event, after camelCase names are read as their snake_case fields. */
const JsonEventSchema = z.object({
  title: z.string().max(300),
  description: z.string().max(100_000).optional(),
  event_date: textValue,
  start_time: textValue,
  registration_end_date: textValue,
  event_type: z.string().max(60),
  terrain_type: z.string().max(60).optional(),
  location_name: z.string().max(300),
  city: z.string().max(120),
  state: z.string().max(60),
  country: z.string().max(60).optional(),
  zip_code: z.union([z.string().max(20), z.number()]).optional(),
  distances: listValue,
  registration_fee: z.union([z.number(), z.string().max(40)]).optional(),
  max_participants: numberValue,
  registration_url: z.string().max(2048).optional(),
  website_url: z.string().max(2048).optional(),
  image_url: z.string().max(2048).optional(),
  latitude: numberValue,
  longitude: numberValue,
  tags: listValue,
  cancelled: z.boolean().optional(),
});

/** The event's fields by their snake_case names, whichever spelling the paste used; blanks are absent. */
function fieldsOf(raw: Record<string, unknown>): Partial<Record<Field, unknown>> {
  const fields: Partial<Record<Field, unknown>> = {};
  for (const field of FIELDS) {
    const value = Object.hasOwn(raw, field) ? raw[field] : raw[camel(field)];
    if (!blank(value)) fields[field] = typeof value === 'string' ? value.trim() : value;
  }
  return fields;
}

/** 'Road Race', 'road-race', 'road_race' and RunSignup's 'running_race' all name the product's road_race. */
function eventTypeOf(value: string): EventType | undefined {
  const key = value.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return (EVENT_TYPES as readonly string[]).includes(key) ? (key as EventType) : mapSourceEventType(key);
}

function terrainOf(value: string): TerrainType | undefined {
  const key = value.trim().toLowerCase();
  return (TERRAIN_TYPES as readonly string[]).includes(key) ? (key as TerrainType) : undefined;
}

/** A stable id for a pasted event: same title (normalized), date and city, same id. */
export function jsonSourceId(title: string, eventDate: string, city: string): string {
  const cityKey = city.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const key = `${titleKey(title)}|${eventDate}|${cityKey}`;
  return `json-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

const invalid = (message: string, sourceId?: string): NormalizeResult => ({ skipped: 'invalid', ...(sourceId ? { sourceId } : {}), message });

export function normalizeJsonEvent(raw: unknown, ctx: { today: string }): NormalizeResult | { missing: readonly string[] } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return invalid('each event must be an object');
  const fields = fieldsOf(raw as Record<string, unknown>);
  const missing = JSON_REQUIRED_FIELDS.filter((field) => fields[field] === undefined);
  if (missing.length > 0) return { missing };

  const parsed = JsonEventSchema.safeParse(fields);
  if (!parsed.success) return invalid(firstIssue(parsed.error));
  const input = parsed.data;

  const located = normalizeUsAddress({ city: input.city, state: input.state, zip: input.zip_code, country: input.country });
  if ('skipped' in located) return { skipped: located.skipped, message: located.message };
  const { address } = located;

  const timeZone = raceTimeZone(undefined, address.state);
  const raceDay = localDateTimeOf(input.event_date, timeZone);
  const eventDate = raceDay?.date;
  if (!eventDate) return invalid('event_date: must be a date like 2026-11-28 or 11/28/2026');
  // The start: start_time when given, else a time written with the date ('2026-11-28T07:30').
  const startTime = input.start_time === undefined ? raceDay?.time : clockTime(input.start_time);
  if (input.start_time !== undefined && !startTime) return invalid('start_time: must be a time like 07:30 or 7:30 AM');
  const name = plainTextLine(input.title);
  if (!name) return invalid('title: is required');
  const title = withoutCancelledMark(name);
  const sourceId = jsonSourceId(title, eventDate, address.city);

  const hidden = visibilitySkip({ draft: false, private: false, lastDay: eventDate, today: ctx.today });
  if (hidden) return { skipped: hidden, sourceId };

  let registrationEndDate: string | undefined;
  if (input.registration_end_date !== undefined) {
    registrationEndDate = localDateTimeOf(input.registration_end_date, timeZone)?.date;
    if (!registrationEndDate) return invalid('registration_end_date: must be a date like 2026-11-20', sourceId);
    // Registration cannot close after the race; a later date is a typo for the race day.
    if (registrationEndDate > eventDate) registrationEndDate = eventDate;
  }

  const givenType = eventTypeOf(input.event_type);
  if (!givenType) return invalid(`event_type: must be one of ${EVENT_TYPES.join(', ')}`, sourceId);
  const givenTerrain = input.terrain_type === undefined ? undefined : terrainOf(input.terrain_type);
  if (input.terrain_type !== undefined && !givenTerrain) return invalid(`terrain_type: must be one of ${TERRAIN_TYPES.join(', ')}`, sourceId);
  const distances = normalizeDistances((input.distances ?? []).map((distance) => ({ distance })));
  // The admin's type stands; only the terrain, when not given, is inferred from the title and type.
  const terrainType = givenTerrain ?? classifyRace({ sourceTypes: [givenType], names: [title], distances }).terrainType;

  let registrationFee: number | undefined;
  if (input.registration_fee !== undefined) {
    registrationFee = parseFee(input.registration_fee);
    if (registrationFee === undefined) return invalid('registration_fee: must be an amount like 45 or "$45.00"', sourceId);
  }
  const maxParticipants = input.max_participants;
  if (maxParticipants !== undefined && !(Number.isInteger(maxParticipants) && maxParticipants > 0)) {
    return invalid('max_participants: must be a positive whole number', sourceId);
  }

  const given =
    input.latitude !== undefined && input.longitude !== undefined ? { latitude: input.latitude, longitude: input.longitude } : undefined;
  const coordinates = given ?? coordinatesForZip(address.zipCode, address.state) ?? coordinatesForCity(address.city, address.state);
  const description = input.description === undefined ? undefined : htmlToPlainText(input.description);
  const registrationUrl = httpUrl(input.registration_url);
  const websiteUrl = httpUrl(input.website_url);
  const image = imageUrl(input.image_url);
  const tags = [
    ...new Set(
      (input.tags ?? [])
        .map((tag) => plainTextLine(tag, MAX_TAG_LENGTH))
        .filter((tag): tag is string => Boolean(tag)),
    ),
  ].slice(0, MAX_TAGS);

  const event: ImportedEvent = {
    title,
    ...(description ? { description } : {}),
    eventDate,
    ...(startTime ? { startTime, timeZone } : {}),
    ...(registrationEndDate ? { registrationEndDate } : {}),
    eventType: givenType,
    terrainType,
    locationName: plainTextLine(input.location_name) ?? `${address.city}, ${address.state}`,
    city: address.city,
    state: address.state,
    country: address.country,
    ...(address.zipCode ? { zipCode: address.zipCode } : {}),
    ...(coordinates ?? {}),
    distances,
    ...(registrationFee !== undefined ? { registrationFee } : {}),
    ...(maxParticipants !== undefined ? { maxParticipants } : {}),
    ...(registrationUrl ? { registrationUrl } : {}),
    ...(websiteUrl ? { websiteUrl } : {}),
    ...(image ? { imageUrl: image } : {}),
    tags,
    source: 'json',
    sourceId,
    ...(input.cancelled === true || isCancelledName(name) ? { cancelled: true } : {}),
  };
  return checkedEvent(event);
}
