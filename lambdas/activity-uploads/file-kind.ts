/**
 * What a file is by its name, and what it is by its first bytes: the two are compared (activity-files.ts) so that
 * a file named .fit that holds something else gets a reason that says so, not a parser's complaint.
 */

export type ActivityFormat = 'fit' | 'gpx' | 'tcx';
export type FileKind = ActivityFormat | 'zip';

export interface NamedKind {
  readonly kind: FileKind;
  /** Strava's exports gzip each activity: activities/123.fit.gz. */
  readonly gzipped: boolean;
}

const NAMED = /\.(fit|gpx|tcx|zip)(\.gz)?$/i;

/** The kind a file's name says it is, or undefined for any other name (a .zip is never gzipped). */
export function kindFromName(fileName: string): NamedKind | undefined {
  const match = NAMED.exec(fileName);
  if (!match) return undefined;
  const kind = (match[1] as string).toLowerCase() as FileKind;
  const gzipped = match[2] !== undefined;
  if (kind === 'zip' && gzipped) return undefined;
  return { kind, gzipped };
}

/** The name without its folders, for messages. */
export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1) || path;

/** What the bytes look like. */
export type SniffedKind = FileKind | 'gzip' | 'xml' | 'other';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);

/** ".FIT" at bytes 8 to 11 of the header, as Garmin's Decoder.isFIT checks it. */
const FIT_MARK = [0x2e, 0x46, 0x49, 0x54];
const GZIP_MAGIC = [0x1f, 0x8b];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];

/** Enough for the declaration, a licence comment and a DOCTYPE; the rest of the file is not needed to tell. */
const SNIFF_CHARACTERS = 64 * 1024;

/** The first element's name in an XML text, past a byte-order mark, the declaration, comments and a DOCTYPE. */
export function xmlRootName(text: string): string | undefined {
  const head = text.slice(0, SNIFF_CHARACTERS).replace(/^\uFEFF/, '');
  const stripped = head.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '');
  const match = /^\s*<([A-Za-z_][\w.:-]*)/.exec(stripped);
  return match?.[1];
}

/** The element name without its namespace prefix. */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

export function sniffKind(bytes: Uint8Array): SniffedKind {
  if (bytes.length >= 12 && startsWith(bytes, FIT_MARK, 8)) return 'fit';
  if (startsWith(bytes, GZIP_MAGIC)) return 'gzip';
  if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, EMPTY_ZIP_MAGIC)) return 'zip';
  const root = xmlRootName(new TextDecoder().decode(bytes.subarray(0, SNIFF_CHARACTERS)));
  if (root === undefined) return 'other';
  const local = localName(root);
  if (local === 'gpx') return 'gpx';
  if (local === 'TrainingCenterDatabase') return 'tcx';
  return 'xml';
}

/** How a kind is named in a message. */
export const KIND_WORDS: Readonly<Record<SniffedKind, string>> = {
  fit: 'a FIT file',
  gpx: 'a GPX file',
  tcx: 'a TCX file',
  zip: 'a ZIP archive',
  gzip: 'a gzip-compressed file',
  xml: 'an XML file of another kind',
  other: 'neither GPX, TCX nor FIT',
};
