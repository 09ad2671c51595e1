/**
 * Coordinates of a race from its ZIP code, with the packaged `zipcodes` table (US ZIP centroids): no
 * network geocoder, so an import is fast, free and deterministic. The table is about 5 MB, so this is the
 * only module that imports it; only the import Lambdas bundle it.
 */
import zipcodes from 'zipcodes';

export interface ZipPlace {
  readonly latitude: number;
  readonly longitude: number;
  readonly city: string;
  readonly state: string;
}

/** The table's entry for a 5-digit US ZIP, or undefined (unknown ZIP, or a Canadian code). */
export function lookupZip(zip: string | undefined): ZipPlace | undefined {
  if (!zip || !/^\d{5}$/.test(zip)) return undefined;
  const entry = zipcodes.lookup(zip);
  if (!entry || entry.country !== 'US') return undefined;
  if (!Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude)) return undefined;
  return { latitude: entry.latitude, longitude: entry.longitude, city: entry.city, state: entry.state };
}

/**
 * Latitude and longitude of a ZIP in the given state. A ZIP the table places in another state is a typo
 * at the source, and its coordinates would pin the race far away, so none are given for it.
 */
export function coordinatesForZip(zip: string | undefined, state: string): { latitude: number; longitude: number } | undefined {
  const place = lookupZip(zip);
  if (!place || place.state !== state) return undefined;
  return { latitude: place.latitude, longitude: place.longitude };
}

/**
 * Approximate coordinates of a city, for a race that gives no usable ZIP: the mean of the table's ZIP
 * centroids for that city and state, so the race still has a place on the map. Undefined if the table does
 * not know the city.
 */
export function coordinatesForCity(city: string, state: string): { latitude: number; longitude: number } | undefined {
  const places = zipcodes.lookupByName(city, state).filter((place) => place.country === 'US' && place.state === state);
  if (places.length === 0) return undefined;
  const mean = (values: number[]) => Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10_000) / 10_000;
  return { latitude: mean(places.map((place) => place.latitude)), longitude: mean(places.map((place) => place.longitude)) };
}
