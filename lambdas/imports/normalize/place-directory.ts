/**
 * Fills the place directory (lambdas/data/place.ts) from the packaged `zipcodes` table, which only the
 * functions that normalize imported races carry: the import's StartJob calls ensurePlaceDirectory, so a
 * deployment has its directory from its first import on, and the local stack calls it when it opens a
 * table. Cheap when done: one consistent GetItem of the directory's version.
 */
import zipcodes from 'zipcodes';
import { placeDirectoryVersion, PLACE_DIRECTORY_VERSION, writePlaceDirectory, type ZipPoint } from '#data/place';

/** Every US ZIP centroid of the table (Canadian codes and entries without a position left out). */
export function zipPoints(): ZipPoint[] {
  return Object.values(zipcodes.codes).flatMap((entry) =>
    entry.country === 'US' && /^\d{5}$/.test(entry.zip) && Number.isFinite(entry.latitude) && Number.isFinite(entry.longitude) && !(entry.latitude === 0 && entry.longitude === 0)
      ? [{ zip: entry.zip, latitude: entry.latitude, longitude: entry.longitude, city: entry.city, state: entry.state }]
      : [],
  );
}

/** Writes the directory unless the current version is stored; returns the items written (0 when it was there). */
export async function ensurePlaceDirectory(): Promise<number> {
  if ((await placeDirectoryVersion()) === PLACE_DIRECTORY_VERSION) return 0;
  return writePlaceDirectory(zipPoints());
}
