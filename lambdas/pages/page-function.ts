/**
 * The pages in AWS: CloudFront sends the server-rendered pages (/events/*, /races/*), /sitemap.xml, /sitemaps/*
 * and /robots.txt here (infra/site.ts) through a function URL only it may call. The build it answers with comes
 * from the web bucket (SITE_BUCKET), so a deploy of the web app reaches these pages within a minute of reaching
 * the bucket.
 */
import { s3 } from '#lib/s3';
import { bucketShell, createPageHandler } from './page-response.ts';

function siteBucket(): string {
  const bucket = process.env.SITE_BUCKET?.trim();
  if (!bucket) throw new Error('Missing required environment variable SITE_BUCKET');
  return bucket;
}

export const handler = createPageHandler(bucketShell(s3, siteBucket()));
