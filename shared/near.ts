/**
 * What "near" means in a search: the place to measure from (a ZIP code, a city and state, or a point the
 * browser's location gave) and the radius options. Shared by the API's query schema, the server that
 * resolves the place (lambdas/data/place.ts) and the pages that build the query, so all three read a
 * `near` value the same way.
 */
import { STATE_CODES, US_STATES, type StateCode } from './us-states.ts';

/** The radius options in miles; a search with `near` and no radius uses the default. */
export const RADIUS_OPTIONS = [10, 25, 50, 100] as const;
export type RadiusMiles = (typeof RADIUS_OPTIONS)[number];
export const DEFAULT_RADIUS: RadiusMiles = 25;

export const isRadius = (value: number): value is RadiusMiles => (RADIUS_OPTIONS as readonly number[]).includes(value);

export type NearPlace =
  | { readonly kind: 'zip'; readonly zip: string }
  | { readonly kind: 'city'; readonly city: string; readonly state: StateCode }
  | { readonly kind: 'point'; readonly latitude: number; readonly longitude: number };

export const NEAR_FORMAT_MESSAGE = "near must be a 5-digit ZIP code, a city and state such as 'Boulder, CO', or 'latitude,longitude'";

const NUMBER = String.raw`-?\d{1,3}(?:\.\d{1,8})?`;
const POINT = new RegExp(`^(${NUMBER})\\s*,\\s*(${NUMBER})$`);
const STATE_BY_NAME = new Map<string, StateCode>(STATE_CODES.map((code) => [US_STATES[code].toLowerCase(), code]));

/** A state written as its code or its name ('co', 'Colorado'). */
function stateOf(text: string): StateCode | undefined {
  const upper = text.trim().toUpperCase();
  return (STATE_CODES as readonly string[]).includes(upper) ? (upper as StateCode) : STATE_BY_NAME.get(text.trim().toLowerCase());
}

/**
 * Reads a `near` value: '80302' (or ZIP+4 '80302-1234'), '40.015,-105.27', or 'Boulder, CO' / 'Boulder,
 * Colorado'. Anything else is undefined (the API answers 400 with NEAR_FORMAT_MESSAGE).
 */
export function parseNear(text: string): NearPlace | undefined {
  const value = text.trim();
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(value);
  if (zip) return { kind: 'zip', zip: zip[1]! };
  const point = POINT.exec(value);
  if (point) {
    const latitude = Number(point[1]);
    const longitude = Number(point[2]);
    return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { kind: 'point', latitude, longitude } : undefined;
  }
  const comma = value.lastIndexOf(',');
  if (comma <= 0) return undefined;
  const city = value.slice(0, comma).trim();
  const state = stateOf(value.slice(comma + 1));
  return state && city.length <= 60 && /\p{L}/u.test(city) ? { kind: 'city', city, state } : undefined;
}

/** A browser position as a `near` value, to about a kilometre: enough for a radius, and no more of where someone is. */
export function nearFromPosition(latitude: number, longitude: number): string {
  return `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
}
