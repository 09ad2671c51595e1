/**
 * The exports bucket: where the worker writes CSV files and what download links point at. Read once at cold
 * start (DESIGN section 4): EXPORTS_BUCKET names the bucket.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { EXPORT_DOWNLOAD_URL_SECONDS } from '#shared/schemas/export-job';
import { s3 } from '#lib/s3';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

export const exportsBucket = required('EXPORTS_BUCKET');
export interface DownloadLink {
  readonly url: string;
  readonly expiresAt: string;
}

/**
 * A GET link to one file that works for EXPORT_DOWNLOAD_URL_SECONDS. S3 answers it with Content-Disposition
 * attachment, so following it saves the file under `fileName` rather than showing CSV in the tab; `contentType`
 * is the admins' CSV unless said otherwise (a personal export is a ZIP).
 */
export async function downloadLink(key: string, fileName: string, now: Date = new Date(), contentType = 'text/csv; charset=utf-8'): Promise<DownloadLink> {
  const url = await getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: exportsBucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: contentType,
    }),
    { expiresIn: EXPORT_DOWNLOAD_URL_SECONDS, signingDate: now },
  );
  return { url, expiresAt: new Date(now.getTime() + EXPORT_DOWNLOAD_URL_SECONDS * 1000).toISOString() };
}
