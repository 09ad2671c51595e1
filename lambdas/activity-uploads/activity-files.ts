/**
 * From an uploaded file to the activities in it: a FIT, GPX or TCX file (each perhaps gzipped, as Strava's export
 * keeps them: activities/123.fit.gz), or a ZIP archive of them (a Strava or Garmin export; Garmin's nests its
 * activities in further ZIPs, DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip). One outcome per
 * activity file, taken one at a time, so an archive of thousands is never inflated all at once; a file that fails
 * is an outcome with its reason and the rest carry on.
 */
import { ActivityFileError, NotAnActivityError } from './activity-file-error.ts';
import { gunzipBounded } from './bounded-inflate.ts';
import { baseName, KIND_WORDS, kindFromName, sniffKind, type ActivityFormat, type NamedKind } from './file-kind.ts';
import { readFitActivities } from './fit-file.ts';
import { readGpxActivity } from './gpx-file.ts';
import type { FileOutcome, RecordedActivity } from '#lib/activities/recorded-activity';
import { readTcxActivities } from './tcx-file.ts';
import { zipEntries, zipEntryData, type ZipEntry } from './zip-archive.ts';

/** One activity file unpacked at the most: a day recorded every second as GPX with every extension is about 40 MB. */
export const MAX_ACTIVITY_FILE_BYTES = 50 * 1024 * 1024;
/** A ZIP inside the upload (Garmin's export parts) unpacked at the most. */
export const MAX_NESTED_ARCHIVE_BYTES = 512 * 1024 * 1024;
/** Activity files one upload may hold: years of daily training, and a bound on the import's work. */
export const MAX_ACTIVITY_FILES = 5_000;
/** Entries an archive may list (photos, CSVs and folders included): reading the list costs next to nothing. */
export const MAX_ARCHIVE_ENTRIES = 100_000;
/** All the activity files of one upload unpacked, together: bounds the work of an archive of many small bombs. */
export const MAX_UNPACKED_BYTES = 4 * 1024 * 1024 * 1024;

const CANNOT_READ = 'This file could not be read: it is damaged or written in a way RaceFinder does not know.';

const reasonOf = (error: unknown): string => (error instanceof ActivityFileError ? error.message : CANNOT_READ);

/** What the import has unpacked and counted so far, across nested archives. */
interface Budget {
  files: number;
  unpackedBytes: number;
  stopped: boolean;
}

function activitiesOf(format: ActivityFormat, data: Uint8Array): RecordedActivity[] {
  const sniffed = sniffKind(data);
  if (sniffed !== format) {
    const rename =
      sniffed === 'fit' || sniffed === 'gpx' || sniffed === 'tcx' ? ` Rename it to .${sniffed} and upload it again.` : sniffed === 'gzip' ? ` Add .gz to its name (.${format}.gz) and upload it again.` : '';
    throw new ActivityFileError(`This file is named .${format} but is ${KIND_WORDS[sniffed]}.${rename}`);
  }
  if (format === 'fit') return readFitActivities(data);
  const text = new TextDecoder('utf-8').decode(data);
  return format === 'gpx' ? [readGpxActivity(text)] : readTcxActivities(text);
}

/** A file's activities; a file the browser or a tool already unpacked keeps its .gz name, and is read as it is. */
function unpackedActivities(named: NamedKind, bytes: Uint8Array): RecordedActivity[] {
  const gzipped = named.gzipped && sniffKind(bytes) === 'gzip';
  const data = gzipped ? gunzipBounded(bytes, MAX_ACTIVITY_FILE_BYTES) : bytes;
  if (data.length > MAX_ACTIVITY_FILE_BYTES) throw new ActivityFileError(`This file is larger than ${MAX_ACTIVITY_FILE_BYTES / (1024 * 1024)} MB, far more than any activity file holds, so it is not read.`);
  return activitiesOf(named.kind as ActivityFormat, data);
}

/** Entries of an export that are never activities, whatever their names: folders and macOS's resource forks. */
const isPassedOver = (path: string) => path.endsWith('/') || path.startsWith('__MACOSX/') || baseName(path).startsWith('._');

interface Wanted {
  readonly entry: ZipEntry;
  readonly named: NamedKind;
}

function* archiveOutcomes(archivePath: string, bytes: Uint8Array, budget: Budget, nested: boolean): Generator<FileOutcome> {
  const label = nested ? archivePath : baseName(archivePath);
  let entries: ZipEntry[];
  try {
    entries = zipEntries(bytes, MAX_ARCHIVE_ENTRIES);
  } catch (error) {
    yield { fileName: archivePath, error: reasonOf(error) };
    return;
  }
  const wanted = entries.flatMap((entry): Wanted[] => {
    const named = isPassedOver(entry.path) ? undefined : kindFromName(entry.path);
    // One level of archives in the archive (Garmin's); deeper ones are no export's.
    return named && !(named.kind === 'zip' && nested) ? [{ entry, named }] : [];
  });
  const files = wanted.filter(({ named }) => named.kind !== 'zip').length;
  if (budget.files + files > MAX_ACTIVITY_FILES) {
    budget.stopped = true;
    yield { fileName: archivePath, error: `${label} holds more than ${MAX_ACTIVITY_FILES.toLocaleString('en-US')} activity files, more than one upload may hold. Upload them in parts of up to ${MAX_ACTIVITY_FILES.toLocaleString('en-US')}.` };
    return;
  }
  budget.files += files;

  for (const { entry, named } of wanted) {
    if (budget.stopped) return;
    // Inside the upload an entry is named by its path there; a nested archive's entries by the path through it.
    const path = nested ? `${archivePath}/${entry.path}` : entry.path;
    let data: Uint8Array;
    try {
      data = zipEntryData(bytes, entry, named.kind === 'zip' ? MAX_NESTED_ARCHIVE_BYTES : MAX_ACTIVITY_FILE_BYTES);
    } catch (error) {
      yield { fileName: path, error: reasonOf(error) };
      continue;
    }
    budget.unpackedBytes += data.length;
    if (budget.unpackedBytes > MAX_UNPACKED_BYTES) {
      budget.stopped = true;
      yield { fileName: archivePath, error: `${label} unpacks to more than ${MAX_UNPACKED_BYTES / 1024 ** 3} GB of activity files, more than one upload may hold; the files from ${entry.path} on were not read. Upload them in a second archive.` };
      return;
    }
    if (named.kind === 'zip') {
      yield* archiveOutcomes(path, data, budget, true);
      continue;
    }
    try {
      yield { fileName: path, activities: unpackedActivities(named, data) };
    } catch (error) {
      // A course, a workout, the watch's settings, a planned route: an export holds them beside the activities.
      if (error instanceof NotAnActivityError) continue;
      yield { fileName: path, error: reasonOf(error) };
    }
  }
}

/**
 * The outcomes of one uploaded file, one per activity file in it (an archive's entries named by their paths in
 * it), lazily: the caller stores one before the next is read. Entries of an archive that are not activity files
 * (CSVs, photos, a course) are passed over; an archive without any activity gets one outcome saying so.
 */
export function* activityFilesIn(fileName: string, bytes: Uint8Array): Generator<FileOutcome> {
  const named = kindFromName(fileName);
  if (!named) {
    yield { fileName, error: `${baseName(fileName)} is not a GPX, TCX or FIT file, nor a ZIP archive of them.` };
    return;
  }
  if (named.kind !== 'zip') {
    try {
      yield { fileName, activities: unpackedActivities(named, bytes) };
    } catch (error) {
      yield { fileName, error: reasonOf(error) };
    }
    return;
  }
  if (sniffKind(bytes) !== 'zip') {
    yield { fileName, error: `This file is named .zip but is ${KIND_WORDS[sniffKind(bytes)]}.` };
    return;
  }
  let any = false;
  for (const outcome of archiveOutcomes(fileName, bytes, { files: 0, unpackedBytes: 0, stopped: false }, false)) {
    any = true;
    yield outcome;
  }
  if (!any) yield { fileName, error: `${baseName(fileName)} holds no recorded activities: no GPX, TCX or FIT file of one.` };
}
