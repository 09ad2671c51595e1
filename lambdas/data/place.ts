/** No defineEntity here: directory chunks (maps of ZIPs and cities) and a version marker, without a zod schema. */
/**
 * The place directory: where a US ZIP code or a city is, so a radius search can start from '80302' or
 * 'Boulder, CO' without the 4.7 MB `zipcodes` table in the search function. The table is read once, by the
 * code that already carries it (lambdas/imports/normalize/place-directory.ts: the import's StartJob in AWS,
 * the local stack and its seed image locally), and written here as about 2,200 small items:
 *
 * | item                         | PK                           | SK      | attributes                                         |
 * | ZIPs of a 3-digit prefix     | PLACE#ZIP#<first 3 digits>   | PLACES  | zips: { <last 2 digits>: '<lat>,<lng>,<ST>,<City>' } |
 * | cities of a state and letter | PLACE#CITY#<ST>#<letter>     | PLACES  | cities: { <folded name>: '<lat>,<lng>,<City>' }      |
 * | the directory's version      | PLACE#DIRECTORY              | VERSION | version, zips, cities, writtenAt                   |
 *
 * One lookup is one GetItem: a prefix item holds 1 to 100 ZIPs (at most 3.3 KB, half a read unit), a city
 * item the state's cities starting with one letter (at most 5 KB: one read unit). A city is the mean of its
 * ZIP centroids, as the import places a race that has no ZIP (coordinates.ts). Names are folded as search
 * folds them ('Cañon City' = 'canon city'), with 'saint'/'mount'/'fort' written short ('St. George').
 *
 * Why items rather than a table in the bundle: the ZIP centroids alone are ~140 KB packed (42,000 points
 * to 0.01 degree, delta-coded), over half of a function's bundle budget, and cities add ~350 KB of names;
 * an item costs 0.5 read unit per search that names a new place (answers are kept by a warm function).
 *
 * Access patterns (docs/data-model.md): a ZIP's place (table, PK = PLACE#ZIP#<zip3>, SK = PLACES); a city's place
 * (table, PK = PLACE#CITY#<ST>#<letter>, SK = PLACES); the directory's version (PK = PLACE#DIRECTORY).
 */
import type { LatLng } from '#shared/geo';
import type { NearPlace } from '#shared/near';
import { EQUIVALENT_WORDS, words } from '#shared/search-text';
import type { StateCode } from '#shared/us-states';
import { putInBatches } from '#lib/kit/batch-write';
import { table } from '#lib/kit/table';

/** The directory's shape and content; a stored directory of another version is written again. */
export const PLACE_DIRECTORY_VERSION = 1;
const PLACES_SK = 'PLACES';
export const placeDirectoryKey = { PK: 'PLACE#DIRECTORY', SK: 'VERSION' } as const;
export const zipPrefixKey = (zip: string) => ({ PK: `PLACE#ZIP#${zip.slice(0, 3)}`, SK: PLACES_SK });
export const cityLetterKey = (state: string, folded: string) => ({ PK: `PLACE#CITY#${state}#${folded.slice(0, 1)}`, SK: PLACES_SK });

/** One ZIP code's centroid, as the writer reads it from its table. */
export interface ZipPoint extends LatLng {
  readonly zip: string;
  readonly city: string;
  readonly state: string;
}

export interface ResolvedPlace extends LatLng {
  /** How a page names the place: 'Boulder, CO 80302', 'Boulder, CO'; none for a point. */
  readonly label?: string;
}

const SHORT_FORM = new Map(EQUIVALENT_WORDS.map(([long, short]) => [long, short]));

/** A city name as the directory keys it: folded words, 'saint' as 'st' ('Saint-Louis' = 'st louis'). */
export function foldCityName(city: string): string {
  return words(city)
    .map((word) => SHORT_FORM.get(word) ?? word)
    .join(' ');
}

const coordinate = (value: number) => String(Math.round(value * 10_000) / 10_000);

/** The directory's items for a set of ZIP centroids (cities are the mean of their ZIPs). */
export function placeDirectoryItems(points: readonly ZipPoint[], writtenAt: string): Record<string, unknown>[] {
  const zipItems = new Map<string, Record<string, string>>();
  const cities = new Map<string, { state: string; name: string; latitude: number; longitude: number; n: number }>();
  for (const point of points) {
    const prefix = zipPrefixKey(point.zip).PK;
    const zips = zipItems.get(prefix) ?? zipItems.set(prefix, {}).get(prefix)!;
    zips[point.zip.slice(3)] = `${coordinate(point.latitude)},${coordinate(point.longitude)},${point.state},${point.city}`;
    const folded = foldCityName(point.city);
    if (!folded) continue;
    const key = `${point.state}|${folded}`;
    const city = cities.get(key) ?? cities.set(key, { state: point.state, name: point.city, latitude: 0, longitude: 0, n: 0 }).get(key)!;
    city.latitude += point.latitude;
    city.longitude += point.longitude;
    city.n += 1;
  }
  const cityItems = new Map<string, Record<string, string>>();
  for (const [key, city] of cities) {
    const folded = key.slice(key.indexOf('|') + 1);
    const pk = cityLetterKey(city.state, folded).PK;
    const entries = cityItems.get(pk) ?? cityItems.set(pk, {}).get(pk)!;
    entries[folded] = `${coordinate(city.latitude / city.n)},${coordinate(city.longitude / city.n)},${city.name}`;
  }
  return [
    ...[...zipItems].map(([PK, zips]) => ({ PK, SK: PLACES_SK, entity: 'place-zips', zips })),
    ...[...cityItems].map(([PK, entries]) => ({ PK, SK: PLACES_SK, entity: 'place-cities', cities: entries })),
    { ...placeDirectoryKey, entity: 'place-directory', version: PLACE_DIRECTORY_VERSION, zips: points.length, cities: cities.size, writtenAt },
  ];
}

/** The version of the stored directory, or undefined when there is none. */
export async function placeDirectoryVersion(): Promise<number | undefined> {
  const { Item } = await table.get({ Key: placeDirectoryKey, ConsistentRead: true });
  return typeof Item?.version === 'number' ? Item.version : undefined;
}

/** Writes (or rewrites) the directory: the version item last, so a directory cut short is written again. */
export async function writePlaceDirectory(points: readonly ZipPoint[], now: Date = new Date()): Promise<number> {
  const items = placeDirectoryItems(points, now.toISOString());
  await putInBatches(items.slice(0, -1));
  await putInBatches(items.slice(-1));
  return items.length;
}

/** Answers a warm function keeps: places do not move, and the directory changes only with its version. */
const answers = new Map<string, ResolvedPlace | null>();
const MAX_ANSWERS = 2000;

/** Forgets the answers kept, as a cold function starts (the benchmark measures a page with its lookup). */
export function forgetPlaceAnswers(): void {
  answers.clear();
}

export interface PlaceLookup {
  readonly place: ResolvedPlace | undefined;
  /** Read units the lookup consumed (0 when a warm function already knew the answer, or for a point). */
  readonly readUnits: number;
  /** No directory is stored at all (nothing has written it yet), so no ZIP or city can be found. */
  readonly directoryMissing?: boolean;
}

/** Where a `near` value is: a point as given, a ZIP or a city from the directory (undefined when unknown). */
export async function findPlace(near: NearPlace): Promise<PlaceLookup> {
  if (near.kind === 'point') return { place: { latitude: near.latitude, longitude: near.longitude }, readUnits: 0 };
  const cacheKey = near.kind === 'zip' ? near.zip : `${near.state}|${foldCityName(near.city)}`;
  const known = answers.get(cacheKey);
  if (known !== undefined) return { place: known ?? undefined, readUnits: 0 };
  const folded = near.kind === 'city' ? foldCityName(near.city) : '';
  if (near.kind === 'city' && !folded) return { place: undefined, readUnits: 0 };
  const { Item, ConsumedCapacity } = await table.get({
    Key: near.kind === 'zip' ? zipPrefixKey(near.zip) : cityLetterKey(near.state, folded),
    ProjectionExpression: near.kind === 'zip' ? 'zips.#entry' : 'cities.#entry',
    ExpressionAttributeNames: { '#entry': near.kind === 'zip' ? near.zip.slice(3) : folded },
    ReturnConsumedCapacity: 'TOTAL',
  });
  let readUnits = ConsumedCapacity?.CapacityUnits ?? 0;
  if (!Item) {
    // No ZIP has this prefix, no city this letter, or no directory at all: only the last is not an answer to keep.
    const missing = (await placeDirectoryVersion()) === undefined;
    readUnits += 1;
    if (missing) return { place: undefined, readUnits, directoryMissing: true };
  }
  const entry = (near.kind === 'zip' ? Item?.zips : Item?.cities) as Record<string, string> | undefined;
  const place = near.kind === 'zip' ? zipPlace(near.zip, entry?.[near.zip.slice(3)]) : cityPlace(near.state, entry?.[folded]);
  if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
  answers.set(cacheKey, place ?? null);
  return { place, readUnits };
}

function zipPlace(zip: string, value: string | undefined): ResolvedPlace | undefined {
  if (!value) return undefined;
  const [latitude, longitude, state, ...city] = value.split(',');
  return { latitude: Number(latitude), longitude: Number(longitude), label: `${city.join(',')}, ${state} ${zip}` };
}

function cityPlace(state: StateCode, value: string | undefined): ResolvedPlace | undefined {
  if (!value) return undefined;
  const [latitude, longitude, ...city] = value.split(',');
  return { latitude: Number(latitude), longitude: Number(longitude), label: `${city.join(',')}, ${state}` };
}
