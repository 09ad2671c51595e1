/**
 * The entries of a ZIP archive, read from its central directory, and one entry's data at a time. fflate inflates
 * (bounded-inflate.ts); what it lacks is a way to take the entries one by one: unzipSync inflates every entry it
 * is asked for in one call, and its streaming Unzip finds entries by scanning the data for headers, which misses
 * the sizes an export tool writes after the data. The directory at the end of the archive names every entry
 * with its sizes and where its data is (PKWARE's APPNOTE.TXT, sections 4.3.7, 4.3.12, 4.3.14-16, 4.5.3).
 */
import { ActivityFileError } from './activity-file-error.ts';
import { inflateBounded, tooLargeError } from './bounded-inflate.ts';

export interface ZipEntry {
  readonly path: string;
  /** 0 stored, 8 deflated; other methods are refused. */
  readonly method: number;
  readonly encrypted: boolean;
  readonly compressedSize: number;
  /** The size the directory declares; the inflate is bounded on its own and does not trust it. */
  readonly declaredSize: number;
  readonly localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
/** The end record is 22 bytes and may be followed by a comment of up to 65,535. */
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const UNKNOWN_32 = 0xffffffff;
const UNKNOWN_16 = 0xffff;
const ENCRYPTED_FLAG = 0x1;
const UTF8_NAME_FLAG = 0x800;

const NOT_A_ZIP = 'This file is named .zip but is not a readable ZIP archive: its directory is missing or damaged (was the upload cut short?).';

const utf8 = new TextDecoder('utf-8');
// Names without the UTF-8 flag are in the DOS code page; Latin-1 reads its ASCII part, which is all export tools write.
const latin1 = new TextDecoder('latin1');

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function endOfDirectory(data: DataView): number {
  const lowest = Math.max(0, data.byteLength - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let at = data.byteLength - END_RECORD_BYTES; at >= lowest; at -= 1) {
    if (data.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new ActivityFileError(NOT_A_ZIP);
}

/** Where the directory starts and how many entries it has, from the ZIP64 records when the classic ones overflow. */
function directoryBounds(data: DataView): { offset: number; count: number } {
  const end = endOfDirectory(data);
  const count = data.getUint16(end + 10, true);
  const offset = data.getUint32(end + 16, true);
  if (count !== UNKNOWN_16 && offset !== UNKNOWN_32) return { offset, count };
  if (end < 20 || data.getUint32(end - 20, true) !== ZIP64_LOCATOR) throw new ActivityFileError(NOT_A_ZIP);
  const zip64End = Number(data.getBigUint64(end - 12, true));
  if (data.getUint32(zip64End, true) !== ZIP64_END_OF_DIRECTORY) throw new ActivityFileError(NOT_A_ZIP);
  return { count: Number(data.getBigUint64(zip64End + 32, true)), offset: Number(data.getBigUint64(zip64End + 48, true)) };
}

/** The 64-bit sizes and offset an entry keeps in its extra field when its 32-bit ones say 0xFFFFFFFF. */
function zip64Values(data: DataView, extraStart: number, extraLength: number, wanted: { size: boolean; compressed: boolean; offset: boolean }) {
  for (let at = extraStart; at + 4 <= extraStart + extraLength; ) {
    const id = data.getUint16(at, true);
    const length = data.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number | undefined => {
        const value = Number(data.getBigUint64(field, true));
        field += 8;
        return value;
      };
      // The values come in this order, each only when its 32-bit field overflowed.
      const size = wanted.size ? next() : undefined;
      const compressed = wanted.compressed ? next() : undefined;
      const offset = wanted.offset ? next() : undefined;
      return { size, compressed, offset };
    }
    at += 4 + length;
  }
  throw new ActivityFileError(NOT_A_ZIP);
}

/**
 * Every entry the archive's directory lists (folders too), or an ActivityFileError when there is no directory or
 * it lists more than `maxEntries`.
 */
export function zipEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const data = view(bytes);
  try {
    const { offset, count } = directoryBounds(data);
    if (count > maxEntries) {
      throw new ActivityFileError(`This archive holds ${count.toLocaleString('en-US')} files, more than the ${maxEntries.toLocaleString('en-US')} one upload may hold. Upload it in parts.`);
    }
    const entries: ZipEntry[] = [];
    let at = offset;
    for (let index = 0; index < count; index += 1) {
      if (data.getUint32(at, true) !== DIRECTORY_ENTRY) throw new ActivityFileError(NOT_A_ZIP);
      const flags = data.getUint16(at + 8, true);
      const nameLength = data.getUint16(at + 28, true);
      const extraLength = data.getUint16(at + 30, true);
      const commentLength = data.getUint16(at + 32, true);
      const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
      let compressedSize = data.getUint32(at + 20, true);
      let declaredSize = data.getUint32(at + 24, true);
      let localHeaderOffset = data.getUint32(at + 42, true);
      const wanted = { size: declaredSize === UNKNOWN_32, compressed: compressedSize === UNKNOWN_32, offset: localHeaderOffset === UNKNOWN_32 };
      if (wanted.size || wanted.compressed || wanted.offset) {
        const values = zip64Values(data, at + 46 + nameLength, extraLength, wanted);
        declaredSize = values.size ?? declaredSize;
        compressedSize = values.compressed ?? compressedSize;
        localHeaderOffset = values.offset ?? localHeaderOffset;
      }
      entries.push({
        path: ((flags & UTF8_NAME_FLAG) !== 0 ? utf8 : latin1).decode(nameBytes),
        method: data.getUint16(at + 10, true),
        encrypted: (flags & ENCRYPTED_FLAG) !== 0,
        compressedSize,
        declaredSize,
        localHeaderOffset,
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch (error) {
    // A DataView read past the end (RangeError) is a directory that points outside the file.
    if (error instanceof ActivityFileError) throw error;
    throw new ActivityFileError(NOT_A_ZIP);
  }
}

/** One entry's data, inflated to at most `maxBytes`, or an ActivityFileError saying why it cannot be had. */
export function zipEntryData(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  if (entry.encrypted) throw new ActivityFileError('This file is encrypted (the archive has a password); export it again without one.');
  const data = view(bytes);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || data.getUint32(at, true) !== LOCAL_HEADER) throw new ActivityFileError('This file cannot be found where the archive says it is: the archive is damaged.');
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ActivityFileError('This file is cut short inside the archive: the archive is damaged or incomplete.');
  const compressed = bytes.subarray(start, end);
  if (entry.method === 0) {
    if (compressed.length > maxBytes) throw tooLargeError('This file', maxBytes);
    return compressed;
  }
  if (entry.method === 8) return inflateBounded(compressed, maxBytes);
  throw new ActivityFileError(`This file is compressed in a way RaceFinder cannot read (ZIP method ${entry.method}); compress the archive again with your system's own ZIP tool.`);
}
