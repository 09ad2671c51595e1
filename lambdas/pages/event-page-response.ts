/**
 * What the event page function answers (event-page.ts): the app's index.html with the page's status
 * (page-status.ts), and how long CloudFront may keep it.
 */
import type { APIGatewayProxyStructuredResultV2, LambdaFunctionURLEvent } from 'aws-lambda';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ttlCache } from '#lib/ttl-cache';
import { pageStatus } from './page-status.ts';

/** index.html of the build in the bucket, a minute stale at most after a deploy. */
const SHELL_TTL_MS = 60_000;

/** CloudFront may keep a found page a minute; a 404 is never kept, so a new or newly public event shows at once. */
export const PAGE_CACHE_CONTROL = { 200: 'public, max-age=0, s-maxage=60', 404: 'no-store' } as const;

/** The handler, given where its index.html comes from. */
export function createEventPageHandler(shell: () => Promise<string>) {
  return async (event: Pick<LambdaFunctionURLEvent, 'rawPath'>): Promise<APIGatewayProxyStructuredResultV2> => {
    const [status, body] = await Promise.all([pageStatus(event.rawPath), shell()]);
    return {
      statusCode: status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': PAGE_CACHE_CONTROL[status] },
      body,
    };
  };
}

/** The bucket's index.html, kept a minute per container. */
export function bucketShell(client: S3Client, bucket: string): () => Promise<string> {
  const cache = ttlCache(async () => {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'index.html' }));
    if (!object.Body) throw new Error(`s3://${bucket}/index.html has no body`);
    return object.Body.transformToString('utf-8');
  }, SHELL_TTL_MS);
  return () => cache.get();
}
