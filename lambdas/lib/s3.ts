/**
 * The one S3 client of the handlers. S3_ENDPOINT is set only off AWS, where the local S3 stand-in
 * (infra/local/s3-stand-in.ts) answers path-style requests on 127.0.0.1 with placeholder credentials.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { config } from '#lib/config';

const endpoint = process.env.S3_ENDPOINT?.trim() || undefined;

export const s3 = new S3Client({
  region: config.region,
  ...(endpoint ? { endpoint, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
});
