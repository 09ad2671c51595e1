/**
 * The local S3 stand-in speaks enough of S3's wire format for the official SDK: PutObject, multipart uploads
 * (with S3's 5 MiB minimum part), and presigned GETs whose signature and expiry it checks as S3 does. The
 * export's object writer and the event pages' index.html reader are run against it here, so both sides of the
 * wire are the real ones.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3ObjectWriter } from '../../../lambdas/exports/s3-object-writer.ts';
import { bucketShell } from '../../../lambdas/pages/page-response.ts';
import { listStoredKeys, startS3StandIn, type S3StandIn } from '../../../infra/local/s3-stand-in.ts';

const BUCKET = 'racefinder-exports';
let dir: string;
let standIn: S3StandIn;
let s3: S3Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3-stand-in-'));
  standIn = await startS3StandIn({ dir, buckets: [BUCKET] });
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint: standIn.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(async () => {
  s3?.destroy();
  await standIn?.stop();
  await rm(dir, { recursive: true, force: true });
});

const link = (key: string, options: { expiresIn?: number; signingDate?: Date; disposition?: string } = {}) =>
  getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: BUCKET,
      Key: key,
      ...(options.disposition ? { ResponseContentDisposition: options.disposition, ResponseContentType: 'text/csv; charset=utf-8' } : {}),
    }),
    { expiresIn: options.expiresIn ?? 60, ...(options.signingDate ? { signingDate: options.signingDate } : {}) },
  );

describe('S3 stand-in', () => {
  it('stores a PutObject and serves it through a presigned link, with the disposition the link asks for', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'exports/a/users-2026-11-23.csv', Body: 'id,email\r\n', ContentType: 'text/csv' }));
    const url = await link('exports/a/users-2026-11-23.csv', { disposition: 'attachment; filename="users-2026-11-23.csv"' });
    expect(url.startsWith(`${standIn.endpoint}/${BUCKET}/exports/a/users-2026-11-23.csv?`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="users-2026-11-23.csv"');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await response.text()).toBe('id,email\r\n');
  });

  it('refuses a link whose time has passed', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'exports/b/x.csv', Body: 'x' }));
    const url = await link('exports/b/x.csv', { expiresIn: 60, signingDate: new Date(Date.now() - 61_000) });
    const response = await fetch(url);
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).toContain('<Code>AccessDenied</Code>');
    expect(body).toContain('Request has expired');
  });

  it('refuses a link that was changed after signing: another key, a longer life, or another disposition', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'exports/c/one.csv', Body: 'one' }));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'exports/c/two.csv', Body: 'two' }));
    const url = await link('exports/c/one.csv', { disposition: 'attachment; filename="one.csv"' });
    expect((await fetch(url)).status).toBe(200);
    for (const tampered of [
      url.replace('/one.csv?', '/two.csv?'),
      url.replace('X-Amz-Expires=60', 'X-Amz-Expires=600'),
      url.replace('one.csv%22', 'evil.html%22'),
    ]) {
      expect(tampered).not.toBe(url);
      const response = await fetch(tampered);
      expect(response.status, tampered).toBe(403);
      expect(await response.text()).toContain('SignatureDoesNotMatch');
    }
  });

  it('refuses unsigned reads and answers NoSuchKey for a missing object', async () => {
    expect((await fetch(`${standIn.endpoint}/${BUCKET}/exports/c/one.csv`)).status).toBe(403);
    const missing = await fetch(await link('exports/none.csv'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<Code>NoSuchKey</Code>');
  });
});

describe('S3 object writer against the stand-in', () => {
  const MiB = 1024 * 1024;

  it('writes a small file as one PutObject', async () => {
    const writer = new S3ObjectWriter(s3, { bucket: BUCKET, key: 'exports/d/small.csv', contentType: 'text/csv; charset=utf-8' });
    await writer.write('a,b\r\n');
    await writer.write('1,2\r\n');
    await writer.close();
    expect(writer.size).toBe(10);
    expect(await (await fetch(await link('exports/d/small.csv'))).text()).toBe('a,b\r\n1,2\r\n');
  });

  it('writes a large file as a multipart upload of 5 MiB parts, byte for byte', async () => {
    const writer = new S3ObjectWriter(
      s3,
      { bucket: BUCKET, key: 'exports/e/large.csv', contentType: 'text/csv; charset=utf-8', contentDisposition: 'attachment; filename="large.csv"' },
      5 * MiB,
    );
    const line = `${'x'.repeat(1023)}\n`;
    const pieces = 12 * 1024; // 12 MiB: parts of 5, 5 and 2 MiB
    for (let i = 0; i < pieces; i += 1) await writer.write(line);
    await writer.close();
    expect(writer.size).toBe(12 * MiB);
    const response = await fetch(await link('exports/e/large.csv'));
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="large.csv"');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(12 * MiB);
    expect(body.equals(Buffer.from(line.repeat(pieces)))).toBe(true);
  });

  it('refuses parts below 5 MiB but the last, as S3 does, and an aborted upload leaves no object', async () => {
    const writer = new S3ObjectWriter(s3, { bucket: BUCKET, key: 'exports/f/tiny-parts.csv', contentType: 'text/csv' }, 1024);
    await writer.write('y'.repeat(2048));
    await writer.write('z'.repeat(2048));
    await expect(writer.close()).rejects.toThrow(/smaller than the minimum/);
    await writer.abort();
    expect(await listStoredKeys(dir, BUCKET)).not.toContain('exports/f/tiny-parts.csv');
  });
});

describe("the rendered pages' build (index.html, the manifest and config.json)", () => {
  const build = async (label: string) => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'index.html', Body: `<!doctype html><title>${label}</title>` }));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: '.vite/manifest.json', Body: JSON.stringify({ 'index.html': { file: `assets/${label}.js`, isEntry: true } }) }));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'config.json', Body: JSON.stringify({ siteUrl: 'https://races.example.com' }) }));
  };

  it('fails while the bucket has none, and reads it on the next page once it is there', async () => {
    const shell = bucketShell(s3, BUCKET);
    await expect(shell()).rejects.toThrow(/does not exist/);
    await build('Build 1');
    expect(await shell()).toEqual({
      html: '<!doctype html><title>Build 1</title>',
      manifest: { 'index.html': { file: 'assets/Build 1.js', isEntry: true } },
      siteUrl: 'https://races.example.com',
    });
  });

  it('is kept, so a page costs no S3 read within the minute, and a new container reads the new build', async () => {
    const shell = bucketShell(s3, BUCKET);
    expect((await shell()).html).toBe('<!doctype html><title>Build 1</title>');
    await build('Build 2');
    expect((await shell()).html).toBe('<!doctype html><title>Build 1</title>');
    expect((await bucketShell(s3, BUCKET)()).html).toBe('<!doctype html><title>Build 2</title>');
  });
});

describe("a browser's POST Object (event images)", () => {
  it('stores a file the signed policy allows, and refuses the same form once its policy or signature is altered', async () => {
    const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
    const post = await createPresignedPost(s3, {
      Bucket: BUCKET,
      Key: 'events/a/b',
      Conditions: [['content-length-range', 1, 100]],
      Fields: { 'Content-Type': 'image/png' },
      Expires: 60,
    });
    const send = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob(['png bytes']), 'x.png');
      return fetch(post.url, { method: 'POST', body: form });
    };
    const widerPolicy = Buffer.from(Buffer.from(post.fields.Policy!, 'base64').toString('utf8').replace('100]', '100000000]')).toString('base64');
    const tampered = await send({ ...post.fields, Policy: widerPolicy });
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const extraField = await send({ ...post.fields, 'x-amz-meta-owner': 'someone' });
    expect(extraField.status).toBe(403);
    expect(await listStoredKeys(dir, BUCKET)).not.toContain('events/a/b');

    expect((await send(post.fields)).status).toBe(204);
    const stored = await standIn.getObject(BUCKET, 'events/a/b');
    expect({ type: stored?.contentType, body: stored?.body.toString() }).toEqual({ type: 'image/png', body: 'png bytes' });
  });
});
