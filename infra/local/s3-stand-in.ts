/**
 * A loopback stand-in for the part of Amazon S3 that CSV exports use (DESIGN section 13), speaking S3's wire
 * format so the official SDK runs unchanged against it (path-style, S3_ENDPOINT): PutObject, the multipart
 * upload (create, upload part, complete, abort) and GetObject/HeadObject through a presigned URL, whose
 * SigV4 query signature and expiry it checks as S3 does. A browser following a download link gets the file
 * with the Content-Disposition the link asked for, so it saves the file rather than showing it.
 *
 * Objects live under `dir` (in `.local/s3/` for `npm start`), one file per object plus its headers beside
 * it. It listens on 127.0.0.1 only. Header-signed SDK requests must carry the local access key; their
 * signature is not recomputed (their bodies may be aws-chunked), only presigned links are verified in full.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, rm, writeFile, readdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server.ts';
import { PostPolicyError, checkPostPolicy } from './s3-post-policy.ts';
import { join } from 'node:path';

export interface S3StandInOptions {
  /** Where objects are kept. */
  readonly dir: string;
  /** Buckets that exist; any other answers NoSuchBucket. */
  readonly buckets: readonly string[];
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  /** S3 refuses parts below 5 MiB except the last; tests may lower it. */
  readonly minPartSize?: number;
  /** The clock presigned links are checked against (tests). */
  readonly now?: () => Date;
  /** Origins whose pages may POST uploads and read the answer (the bucket's CORS rule). */
  readonly corsOrigin?: (origin: string) => boolean;
  /**
   * Called after an object is stored, as S3's ObjectCreated notification calls a Lambda: after the answer, its
   * failure logged and not the uploader's concern.
   */
  readonly onObjectCreated?: (record: { readonly bucket: string; readonly key: string; readonly size: number }) => Promise<void> | void;
}

export interface StoredObject {
  readonly body: Buffer;
  readonly contentType: string;
  readonly cacheControl?: string;
}

export interface S3StandIn {
  readonly endpoint: string;
  /** An object as stored, or undefined (the local gateway serves the media bucket at /media/* with it). */
  getObject(bucket: string, key: string): Promise<StoredObject | undefined>;
  /** Resolves once every ObjectCreated call started so far has finished (tests). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export const LOCAL_S3_ACCESS_KEY = 'local';
const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** CORS headers an error to a browser's upload carries, so its page can read which error it was. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendXml(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

function sendError(response: ServerResponse, error: S3Error, resource: string): void {
  sendXml(
    response,
    error.status,
    `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${randomUUID()}</RequestId></Error>`,
    error.headers,
  );
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The payload of an aws-chunked body (what the SDK sends when it streams a body with a trailing checksum):
 * `<hex size>[;chunk-signature=...]\r\n<bytes>\r\n`..., ended by a zero-size chunk and optional trailers.
 */
export function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) throw new S3Error(400, 'IncompleteBody', 'The aws-chunked body ended early');
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!Number.isFinite(size)) throw new S3Error(400, 'InvalidRequest', 'Bad aws-chunked chunk size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/** SigV4's URI encoding: every byte but A-Z a-z 0-9 - _ . ~ as %XX. */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? '' : pair.slice(at + 1);
    try {
      return [decodeURIComponent(key), decodeURIComponent(value)];
    } catch {
      throw new S3Error(400, 'InvalidArgument', 'The query string is not valid');
    }
  });
}

/** 20261123T140501Z -> Date */
function parseAmzDate(text: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match as unknown as [string, string, string, string, string, string, string];
  return new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
}

interface PresignCheck {
  readonly method: string;
  /** The path as sent, still percent-encoded. */
  readonly rawPath: string;
  readonly query: [string, string][];
  readonly headers: IncomingMessage['headers'];
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly now: Date;
}

/** Checks a presigned (query-string SigV4) request as S3 does: shape, expiry, then the signature itself. */
export function verifyPresigned(check: PresignCheck): void {
  const params = new Map(check.query);
  const algorithm = params.get('X-Amz-Algorithm');
  const credential = params.get('X-Amz-Credential');
  const amzDate = params.get('X-Amz-Date');
  const expires = params.get('X-Amz-Expires');
  const signedHeaders = params.get('X-Amz-SignedHeaders');
  const signature = params.get('X-Amz-Signature');
  if (algorithm !== 'AWS4-HMAC-SHA256' || !credential || !amzDate || !expires || !signedHeaders || !signature) {
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'Query-string authentication requires X-Amz-Algorithm, Credential, Date, Expires, SignedHeaders and Signature');
  }
  const [accessKey, day, region, service, terminator] = credential.split('/');
  if (accessKey !== check.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The access key ID you provided does not exist in our records.');
  const signedAt = parseAmzDate(amzDate);
  const lifetime = Number(expires);
  if (!signedAt || day !== amzDate.slice(0, 8) || !region || service !== 's3' || terminator !== 'aws4_request' || !/^[0-9a-f]{64}$/.test(signature)) {
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'The presigned URL is malformed');
  }
  if (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > MAX_PRESIGN_SECONDS) {
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800 seconds');
  }
  if (check.now.getTime() > signedAt.getTime() + lifetime * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');

  const canonicalUri = check.rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = check.query
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const headerNames = signedHeaders.split(';');
  const canonicalHeaders = headerNames
    .map((name) => {
      const value = check.headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [check.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${check.secretAccessKey}`, day!), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
}

interface StoredHeaders {
  readonly contentType: string;
  readonly contentDisposition?: string;
  readonly cacheControl?: string;
  readonly etag: string;
}

interface Upload {
  readonly bucket: string;
  readonly key: string;
  readonly headers: Omit<StoredHeaders, 'etag'>;
  readonly parts: Map<number, { etag: string; size: number }>;
}

const md5Etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;
const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startS3StandIn(options: S3StandInOptions): Promise<S3StandIn> {
  const accessKeyId = options.accessKeyId ?? LOCAL_S3_ACCESS_KEY;
  const secretAccessKey = options.secretAccessKey ?? LOCAL_S3_ACCESS_KEY;
  const minPartSize = options.minPartSize ?? MIN_PART_SIZE;
  const now = options.now ?? (() => new Date());
  const buckets = new Set(options.buckets);
  const uploads = new Map<string, Upload>();
  for (const bucket of buckets) mkdirSync(join(options.dir, bucket), { recursive: true });
  const uploadsDir = join(options.dir, '.uploads');
  // Uploads in flight when the last run stopped can never complete.
  await rm(uploadsDir, { recursive: true, force: true });

  const objectFile = (bucket: string, key: string) => join(options.dir, bucket, encodeURIComponent(key));
  const partFile = (uploadId: string, part: number) => join(uploadsDir, uploadId, String(part));

  function requireSdkAuth(request: IncomingMessage): void {
    const authorization = header(request, 'authorization') ?? '';
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\//.exec(authorization);
    if (!match) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    if (match[1] !== accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The access key ID you provided does not exist in our records.');
  }

  async function payload(request: IncomingMessage): Promise<Buffer> {
    const body = await readBody(request);
    const chunked = (header(request, 'content-encoding') ?? '').includes('aws-chunked') || (header(request, 'x-amz-content-sha256') ?? '').startsWith('STREAMING-');
    return chunked ? decodeAwsChunked(body) : body;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = parseQuery(queryAt < 0 ? '' : url.slice(queryAt + 1));
    const params = new Map(query);
    const [, rawBucket = '', ...rawKey] = rawPath.split('/');
    const bucket = decodeURIComponent(rawBucket);
    const key = rawKey.map((segment) => decodeURIComponent(segment)).join('/');
    if (!buckets.has(bucket)) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const origin = header(request, 'origin');
    const cors = origin && options.corsOrigin?.(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : undefined;
    if (request.method === 'OPTIONS') {
      if (!cors) throw new S3Error(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.');
      response.writeHead(200, { ...cors, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': '*', 'access-control-max-age': '3000', 'content-length': 0 });
      response.end();
      return;
    }
    if (request.method === 'POST' && !key && !params.has('delete')) {
      await postObject(request, response, bucket, cors ?? {});
      return;
    }
    if (!key) throw new S3Error(400, 'InvalidRequest', 'This stand-in serves objects only');
    const method = request.method ?? 'GET';

    if (method === 'GET' || method === 'HEAD') {
      if (params.has('X-Amz-Signature')) {
        verifyPresigned({ method, rawPath, query, headers: request.headers, accessKeyId, secretAccessKey, now: now() });
      } else {
        requireSdkAuth(request);
      }
      const file = objectFile(bucket, key);
      if (!existsSync(file)) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      const stored = JSON.parse(await readFile(`${file}.headers.json`, 'utf8')) as StoredHeaders;
      const body = await readFile(file);
      const disposition = params.get('response-content-disposition') ?? stored.contentDisposition;
      response.writeHead(200, {
        'content-type': params.get('response-content-type') ?? stored.contentType,
        'content-length': body.length,
        etag: stored.etag,
        ...(disposition ? { 'content-disposition': disposition } : {}),
        'cache-control': 'private, no-store',
      });
      response.end(method === 'HEAD' ? undefined : body);
      return;
    }

    requireSdkAuth(request);
    const uploadId = params.get('uploadId');
    if (method === 'POST' && params.has('uploads')) {
      const id = randomUUID();
      uploads.set(id, {
        bucket,
        key,
        headers: { contentType: header(request, 'content-type') ?? 'binary/octet-stream', contentDisposition: header(request, 'content-disposition') },
        parts: new Map(),
      });
      mkdirSync(join(uploadsDir, id), { recursive: true });
      sendXml(response, 200, `<InitiateMultipartUploadResult xmlns="${XMLNS}"><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
      return;
    }
    if (uploadId !== undefined) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.bucket !== bucket || upload.key !== key) throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
      if (method === 'PUT') {
        const partNumber = Number(params.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000');
        const body = await payload(request);
        await writeFile(partFile(uploadId, partNumber), body);
        const etag = md5Etag(body);
        upload.parts.set(partNumber, { etag, size: body.length });
        response.writeHead(200, { etag, 'content-length': 0 });
        response.end();
        return;
      }
      if (method === 'POST') {
        const xml = (await readBody(request)).toString('utf8');
        const listed = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((match) => ({
          number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(match[1]!)?.[1]),
          etag: /<ETag>([^<]*)<\/ETag>/.exec(match[1]!)?.[1]?.replace(/&quot;|&#34;/g, '"'),
        }));
        if (listed.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed');
        const bodies: Buffer[] = [];
        for (const [index, part] of listed.entries()) {
          const stored = upload.parts.get(part.number);
          if (!stored || stored.etag !== part.etag) throw new S3Error(400, 'InvalidPart', `Part ${part.number} was not uploaded or its ETag differs`);
          if (index > 0 && part.number <= listed[index - 1]!.number) throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
          if (index < listed.length - 1 && stored.size < minPartSize) throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
          bodies.push(await readFile(partFile(uploadId, part.number)));
        }
        const body = Buffer.concat(bodies);
        const etag = `"${createHash('md5').update(bodies.map((b) => createHash('md5').update(b).digest('hex')).join('')).digest('hex')}-${bodies.length}"`;
        await store(bucket, key, body, { ...upload.headers, etag });
        uploads.delete(uploadId);
        await rm(join(uploadsDir, uploadId), { recursive: true, force: true });
        sendXml(response, 200, `<CompleteMultipartUploadResult xmlns="${XMLNS}"><Location>/${xmlEscape(bucket)}/${xmlEscape(key)}</Location><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`);
        return;
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId);
        await rm(join(uploadsDir, uploadId), { recursive: true, force: true });
        response.writeHead(204);
        response.end();
        return;
      }
    }
    if (method === 'PUT') {
      const body = await payload(request);
      const etag = md5Etag(body);
      await store(bucket, key, body, {
        contentType: header(request, 'content-type') ?? 'binary/octet-stream',
        contentDisposition: header(request, 'content-disposition'),
        cacheControl: header(request, 'cache-control'),
        etag,
      });
      response.writeHead(200, { etag, 'content-length': 0 });
      response.end();
      return;
    }
    if (method === 'DELETE') {
      // As S3: 204 whether or not the object was there (account deletion removes a person's export files).
      const file = objectFile(bucket, key);
      await rm(file, { force: true });
      await rm(`${file}.headers.json`, { force: true });
      response.writeHead(204);
      response.end();
      return;
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  async function store(bucket: string, key: string, body: Buffer, headers: StoredHeaders): Promise<void> {
    const file = objectFile(bucket, key);
    await writeFile(file, body);
    await writeFile(`${file}.headers.json`, JSON.stringify(headers));
    if (options.onObjectCreated) notify({ bucket, key, size: body.length });
  }

  const notifications = new Set<Promise<void>>();
  function notify(record: { bucket: string; key: string; size: number }): void {
    // After the answer is sent, as S3's asynchronous notification.
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => options.onObjectCreated!(record))
      .catch((error: unknown) => console.error(`S3 stand-in: the ObjectCreated handler failed for ${record.bucket}/${record.key}:`, error))
      .finally(() => notifications.delete(running));
    notifications.add(running);
  }

  /** A browser's POST Object: a multipart form whose fields the signed policy must allow, the file last. */
  async function postObject(request: IncomingMessage, response: ServerResponse, bucket: string, cors: Record<string, string>): Promise<void> {
    const contentType = header(request, 'content-type') ?? '';
    if (!contentType.startsWith('multipart/form-data')) throw new S3Error(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
    let form: FormData;
    try {
      form = await new Request('http://s3.local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(await readBody(request)) }).formData();
    } catch {
      throw new S3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
    }
    const file = form.get('file');
    if (!file || typeof file === 'string') throw new S3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const fields = new Map<string, string>();
    for (const [name, value] of form.entries()) if (typeof value === 'string') fields.set(name, value);
    let key: string;
    try {
      key = checkPostPolicy({ fields, bucket, fileSize: file.size, accessKeyId, secretAccessKey, now: now() });
    } catch (error) {
      if (error instanceof PostPolicyError) throw new S3Error(error.status, error.code, error.message, cors);
      throw error;
    }
    const body = Buffer.from(await file.arrayBuffer());
    const etag = md5Etag(body);
    const typeField = [...fields].find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    await store(bucket, key, body, { contentType: typeField ?? 'binary/octet-stream', etag });
    response.writeHead(204, { ...cors, etag, location: `/${bucket}/${key}` });
    response.end();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const s3Error = error instanceof S3Error ? error : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
      if (!(error instanceof S3Error)) console.error('S3 stand-in failed:', error);
      sendError(response, s3Error, request.url ?? '/');
    });
  });
  const listener = await listenOnLoopback(server);
  return {
    endpoint: listener.url,
    async getObject(bucket, key) {
      if (!buckets.has(bucket)) return undefined;
      const file = objectFile(bucket, key);
      if (!existsSync(file)) return undefined;
      const stored = JSON.parse(await readFile(`${file}.headers.json`, 'utf8')) as StoredHeaders;
      return { body: await readFile(file), contentType: stored.contentType, ...(stored.cacheControl ? { cacheControl: stored.cacheControl } : {}) };
    },
    async settled() {
      while (notifications.size > 0) await Promise.all([...notifications]);
    },
    stop: async () => {
      await listener.close();
      await Promise.all([...notifications]);
    },
  };
}

/** The objects of a bucket (tests). */
export async function listStoredKeys(dir: string, bucket: string): Promise<string[]> {
  const names = await readdir(join(dir, bucket)).catch(() => [] as string[]);
  return names.filter((name) => !name.endsWith('.headers.json')).map((name) => decodeURIComponent(name));
}
