/**
 * Inflating with a ceiling, so a compression bomb (a few kilobytes that inflate to gigabytes) costs at most the
 * ceiling. fflate's streaming Inflate and Gunzip hand out everything one push inflates at once, so the input goes
 * in small slices: one slice inflates to at most DEFLATE's ratio (1,032 to 1) times its size, and the count is
 * checked between slices.
 */
import { Gunzip, Inflate } from 'fflate';
import { ActivityFileError } from './activity-file-error.ts';

const SLICE_BYTES = 16 * 1024;

/** Thrown out of fflate's data callback to stop it: caught below, never seen by a caller. */
class CeilingReached extends Error {}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The reason for a file past the ceiling, compressed or not. */
export function tooLargeError(what: string, maxBytes: number): ActivityFileError {
  return new ActivityFileError(`${what} is larger than ${megabytes(maxBytes)} unpacked, far more than any activity file holds, so it is not read.`);
}

function inflateWith(stream: Inflate | Gunzip, compressed: Uint8Array, maxBytes: number, what: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  stream.ondata = (chunk) => {
    total += chunk.length;
    if (total > maxBytes) throw new CeilingReached();
    chunks.push(chunk);
  };
  try {
    for (let at = 0; at < compressed.length; at += SLICE_BYTES) {
      stream.push(compressed.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= compressed.length);
    }
    if (compressed.length === 0) stream.push(compressed, true);
  } catch (error) {
    if (error instanceof CeilingReached) throw tooLargeError(what, maxBytes);
    throw new ActivityFileError(`${what} is damaged: its compressed data cannot be read.`);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Raw DEFLATE data (a ZIP entry) inflated, or an ActivityFileError past `maxBytes` or when damaged. */
export function inflateBounded(compressed: Uint8Array, maxBytes: number, what = 'This file'): Uint8Array {
  return inflateWith(new Inflate(), compressed, maxBytes, what);
}

/** A gzip file inflated, or an ActivityFileError past `maxBytes` or when damaged. */
export function gunzipBounded(compressed: Uint8Array, maxBytes: number, what = 'This file'): Uint8Array {
  return inflateWith(new Gunzip(), compressed, maxBytes, what);
}
