import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '#shared/content-encoding';
import { compressResponse } from '../../../lambdas/lib/response-compression.ts';

const big = JSON.stringify({ items: Array.from({ length: 50 }, (_, index) => ({ id: index, title: `Harbor Run ${index}`, city: 'Boston' })) });
const json = { 'content-type': 'application/json; charset=utf-8' };

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, among the encodings accepted with a non-zero q', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('compressResponse', () => {
  it('gzips a large body for a gzip client, keeping status and headers, and says it varies', () => {
    const result = compressResponse({ statusCode: 200, headers: { ...json, vary: 'Authorization' }, body: big }, 'gzip');
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(result.headers).toMatchObject({ ...json, 'content-encoding': 'gzip', vary: 'Authorization, Accept-Encoding' });
    const bytes = Buffer.from(result.body!, 'base64');
    expect(gunzipSync(bytes).toString('utf8')).toBe(big);
    expect(bytes.length).toBeLessThan(big.length / 4);
  });

  it('uses brotli where the client accepts it', () => {
    const result = compressResponse({ statusCode: 200, headers: json, body: big }, 'gzip, deflate, br');
    expect(result.headers?.['content-encoding']).toBe('br');
    expect(brotliDecompressSync(Buffer.from(result.body!, 'base64')).toString('utf8')).toBe(big);
  });

  it('leaves a large body plain for a client that accepts no compression, still varying on it', () => {
    const result = compressResponse({ statusCode: 200, headers: json, body: big }, undefined);
    expect(result).toEqual({ statusCode: 200, headers: { ...json, vary: 'Accept-Encoding' }, body: big });
  });

  it('leaves small bodies, empty answers and bodies already encoded as they are', () => {
    const small = { statusCode: 400, headers: json, body: JSON.stringify({ error: { code: 'bad_request', message: 'No' } }) };
    expect(compressResponse(small, 'gzip')).toBe(small);
    const empty = { statusCode: 204, headers: { 'cache-control': 'no-store' } };
    expect(compressResponse(empty, 'gzip')).toBe(empty);
    const encoded = { statusCode: 200, headers: json, body: Buffer.from(big).toString('base64'), isBase64Encoded: true };
    expect(compressResponse(encoded, 'gzip')).toBe(encoded);
  });
});
