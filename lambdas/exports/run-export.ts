/**
 * The export worker: a Lambda of its own (infra/exports.ts; not an API route), invoked asynchronously by
 * POST /api/admin/exports with the job's id. It reads the job's table page by page, writes the CSV into the
 * exports bucket part by part (so neither the table nor the file is ever whole in memory), and ends the job
 * as completed with its record count and size, or as failed. Running again for a job that has ended (Lambda
 * retries an asynchronous invocation that threw) changes nothing. The same worker runs a person's "Export my
 * data" (POST /api/me/exports): that invocation says `kind: 'personal'` and whose data (run-personal-export.ts).
 */
import * as z from 'zod';
import { UlidSchema } from '#shared/schemas/common';
import { completeExportJob, exportObjectKey, failExportJob, getExportJob } from '#data/export-job';
import { logger } from '#lib/logger';
import { csvLines } from '#lib/csv-cells';
import { exportSource } from './export-tables.ts';
import { s3 } from '#lib/s3';
import { exportsBucket } from './exports-bucket.ts';
import { S3ObjectWriter } from './s3-object-writer.ts';
import { runPersonalExport } from './run-personal-export.ts';

const WorkerEventSchema = z.union([
  // A person's own data: the job lives in their partition, so the invocation names them.
  z.object({ kind: z.literal('personal'), jobId: UlidSchema, sub: z.string().min(1).max(128) }),
  z.object({ jobId: UlidSchema }),
]);

export interface ExportOutcome {
  readonly status: 'completed' | 'failed' | 'skipped';
  readonly recordCount?: number;
  readonly size?: number;
}

export async function runExport(jobId: string, partSize?: number): Promise<ExportOutcome> {
  const job = await getExportJob(jobId);
  if (!job || job.status !== 'processing') {
    logger.warn('export job is not waiting to run', { jobId, status: job?.status });
    return { status: 'skipped' };
  }
  const source = exportSource(job.table, job.filters);
  const writer = new S3ObjectWriter(
    s3,
    {
      bucket: exportsBucket,
      key: exportObjectKey(job),
      contentType: 'text/csv; charset=utf-8',
      contentDisposition: `attachment; filename="${job.fileName}"`,
    },
    partSize,
  );
  let recordCount = 0;
  try {
    let header = true;
    for await (const rows of source.pages()) {
      if (rows.length === 0) continue;
      await writer.write(csvLines(source.columns, rows, header));
      header = false;
      recordCount += rows.length;
    }
    // An empty table still gives a file with its header row.
    if (header) await writer.write(csvLines(source.columns, [], true));
    await writer.close();
  } catch (error) {
    await writer.abort();
    logger.error('export failed', { jobId, table: job.table, recordCount, error: error as Error });
    await failExportJob(jobId, `Failed to export ${job.table} data`);
    return { status: 'failed' };
  }
  await completeExportJob(jobId, { recordCount, size: writer.size });
  logger.info('export completed', { jobId, table: job.table, recordCount, size: writer.size });
  return { status: 'completed', recordCount, size: writer.size };
}

export const handler = async (event: unknown): Promise<ExportOutcome> => {
  const parsed = WorkerEventSchema.safeParse(event);
  if (!parsed.success) {
    // Retrying a malformed invocation cannot help: say so and end it.
    logger.error('export worker invoked without a job id');
    return { status: 'skipped' };
  }
  if ('kind' in parsed.data) return runPersonalExport(parsed.data.sub, parsed.data.jobId);
  return runExport(parsed.data.jobId);
};
