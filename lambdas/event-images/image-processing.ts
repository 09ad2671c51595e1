/**
 * What the image function does to an uploaded file, free of S3 and the table so unit tests run it on generated
 * pictures: the bytes must really be a JPEG, PNG or WebP (whatever the upload declared), at most MAX_IMAGE_PIXELS;
 * the picture is turned upright from its EXIF orientation, and every rendition is a WebP without metadata
 * (sharp writes none unless asked: no camera, no GPS position) at each of IMAGE_WIDTHS not wider than the original
 * (a picture narrower than the smallest gets one rendition at its own width).
 */
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_PIXELS, WRONG_TYPE_MESSAGE } from '#shared/schemas/event-image';

/** sharp's names of the formats we take, whatever the upload's Content-Type said. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const WEBP_QUALITY = 80;

/** A file the image function will not publish, with the message its owner sees. */
export class ImageRejectedError extends Error {}

export interface Rendition {
  readonly width: number;
  readonly body: Buffer;
}

export interface ProcessedImage {
  /** Upright size of the original. */
  readonly width: number;
  readonly height: number;
  readonly renditions: readonly Rendition[];
}

export function renditionWidths(originalWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length > 0 ? widths : [originalWidth];
}

/**
 * Whether the file starts as a JPEG, PNG or WebP does: checked before sharp opens it, so no other format's reader
 * (SVG, TIFF, HEIF, GIF) ever parses an uploaded file.
 */
export function hasAcceptedSignature(input: Buffer): boolean {
  const jpeg = input.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  const png = input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const webp = input.subarray(0, 4).toString('latin1') === 'RIFF' && input.subarray(8, 12).toString('latin1') === 'WEBP';
  return jpeg || png || webp;
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (!hasAcceptedSignature(input)) throw new ImageRejectedError(`This file is not an image we can read. ${WRONG_TYPE_MESSAGE}`);
  let metadata: Metadata;
  try {
    // No pixel limit here: reading the header decodes nothing, and the size is checked below with its own message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(`This file is not an image we can read. ${WRONG_TYPE_MESSAGE}`);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new ImageRejectedError(WRONG_TYPE_MESSAGE);
  if (!metadata.width || !metadata.height) throw new ImageRejectedError(`This file is not an image we can read. ${WRONG_TYPE_MESSAGE}`);
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(`This picture is larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels: choose a smaller one.`);
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  const width = quarterTurn ? metadata.height : metadata.width;
  const height = quarterTurn ? metadata.width : metadata.height;
  try {
    const renditions = await Promise.all(
      renditionWidths(width).map(async (target) => ({
        width: target,
        // autoOrient applies the EXIF orientation; the output carries no metadata since none is kept.
        body: await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient().resize({ width: target }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    );
    return { width, height, renditions };
  } catch {
    // A header that reads but a body that does not (a truncated file).
    throw new ImageRejectedError(`This image is damaged or incomplete. ${WRONG_TYPE_MESSAGE}`);
  }
}
