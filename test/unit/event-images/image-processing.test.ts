/**
 * The image function's conversion (lambdas/event-images/image-processing.ts) on small pictures sharp makes here:
 * EXIF orientation applied, metadata gone, WebP renditions at the widths that fit, and a file that only claims to
 * be an image refused with the message its owner sees.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError, processImage } from '../../../lambdas/event-images/image-processing.ts';

/** A picture wider than tall, left half red and right half blue, so a quarter turn is visible. */
async function twoColourJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const image = sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    { input: { create: { width: width - half, height, channels: 3, background: '#0000ff' } }, left: half, top: 0 },
  ]);
  return image
    .jpeg()
    .withMetadata({ ...(orientation ? { orientation } : {}), exif: { IFD0: { Copyright: 'Secret Camera Owner', Make: 'TestCam' } } })
    .toBuffer();
}

describe('image processing', () => {
  it('writes WebP renditions at each width not wider than the original, without metadata', async () => {
    const original = await twoColourJpeg(1300, 500);
    expect(original.includes(Buffer.from('Secret Camera Owner'))).toBe(true);
    const processed = await processImage(original);
    expect({ width: processed.width, height: processed.height }).toEqual({ width: 1300, height: 500 });
    expect(processed.renditions.map((rendition) => rendition.width)).toEqual([400, 800, 1200]);
    for (const rendition of processed.renditions) {
      const meta = await sharp(rendition.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(rendition.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(rendition.body.includes(Buffer.from('Secret Camera Owner'))).toBe(false);
    }
  });

  it('turns a picture upright from its EXIF orientation', async () => {
    // Orientation 6: stored sideways, shown turned a quarter clockwise; red (left) ends up on top.
    const processed = await processImage(await twoColourJpeg(600, 400, 6));
    expect({ width: processed.width, height: processed.height }).toEqual({ width: 400, height: 600 });
    const [only] = processed.renditions;
    expect(only!.width).toBe(400);
    const { data, info } = await sharp(only!.body).raw().toBuffer({ resolveWithObject: true });
    expect(info.height).toBe(600);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [topRed, , topBlue] = pixel(200, 50);
    const [bottomRed, , bottomBlue] = pixel(200, 550);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it('keeps a picture narrower than the smallest width at its own width', async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 4, background: '#00ff0080' } }).png().toBuffer();
    const processed = await processImage(png);
    expect(processed.renditions.map((rendition) => rendition.width)).toEqual([120]);
  });

  it('refuses a file that is not an image, and an image of a format not taken, whatever they claim to be', async () => {
    await expect(processImage(Buffer.from('<html><script>alert(1)</script></html>'))).rejects.toThrow(ImageRejectedError);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    await expect(processImage(gif)).rejects.toThrow('Choose a JPEG, PNG or WebP image.');
    // An SVG is never opened: its first bytes are not a JPEG's, a PNG's or a WebP's.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(processImage(svg)).rejects.toThrow('Choose a JPEG, PNG or WebP image.');
  });

  it('refuses a picture over 40 megapixels saying so, having read no more than its header', async () => {
    // 8,000 x 6,000 of one colour: a few hundred KB of PNG, 48 megapixels.
    const large = await sharp({ create: { width: 8_000, height: 6_000, channels: 3, background: '#336699' } }).png().toBuffer();
    await expect(processImage(large)).rejects.toThrow('This picture is larger than 40 megapixels: choose a smaller one.');
  });
});
