/**
 * Compressed API responses. API Gateway HTTP APIs pass bodies through as they are, and CloudFront compresses
 * only what its cache policy lets it cache (the /api/* behaviour caches nothing), so without this a page of
 * 50 events crosses a phone network as ~26 KB of JSON instead of ~4 KB. The body goes back base64-encoded
 * with Content-Encoding, which API Gateway and the local gateway both decode to bytes for the client.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { chooseEncoding, MIN_COMPRESS_BYTES } from '#shared/content-encoding';

/** Fast settings: on a page of events they take about a millisecond and still save about 85%. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export function compressResponse(response: APIGatewayProxyStructuredResultV2, acceptEncoding: string | undefined): APIGatewayProxyStructuredResultV2 {
  const { body } = response;
  if (body === undefined || response.isBase64Encoded || Buffer.byteLength(body) < MIN_COMPRESS_BYTES) return response;
  const headers = { ...response.headers };
  // Whether or not this answer is compressed, another client's may be: caches must keep them apart.
  const vary = typeof headers.vary === 'string' ? headers.vary : undefined;
  headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return { ...response, headers };
  const raw = Buffer.from(body, 'utf8');
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipSync(raw, { level: GZIP_LEVEL });
  return { ...response, headers: { ...headers, 'content-encoding': encoding }, body: compressed.toString('base64'), isBase64Encoded: true };
}
