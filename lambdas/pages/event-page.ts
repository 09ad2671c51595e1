/**
 * The event pages in AWS: CloudFront sends /events/* here (infra/site.ts) through a function URL only it may
 * call, so an unknown event answers HTTP 404 as it does locally (page-status.ts holds the rule for both). The
 * body is the app's index.html from the web bucket (SITE_BUCKET), so a deploy of the web app reaches these pages
 * within a minute of reaching the bucket. The server-rendered pages of DESIGN section 9 grow from here.
 */
import { s3 } from '#lib/s3';
import { bucketShell, createEventPageHandler } from './event-page-response.ts';

function siteBucket(): string {
  const bucket = process.env.SITE_BUCKET?.trim();
  if (!bucket) throw new Error('Missing required environment variable SITE_BUCKET');
  return bucket;
}

export const handler = createEventPageHandler(bucketShell(s3, siteBucket()));
