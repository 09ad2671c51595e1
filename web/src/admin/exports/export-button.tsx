/**
 * `<ExportButton table="events" filters={...} />`: starts a CSV export of one table (events with the admin list's
 * filters), shows that it runs, and offers the file once the worker has written it. Screens that announce the
 * outcome themselves (a Flashbar) pass `onEnded`.
 */
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import type { AdminEventFiltersInput } from '#shared/schemas/admin-event-filters';
import type { ExportTable } from '#shared/schemas/export-job';
import { ApiError } from '../../lib/api-error.ts';
import { useDownloadExport, useExportRun, type ExportResult } from './use-exports.ts';

export interface ExportButtonProps {
  readonly table: ExportTable;
  /** Events only: the admin events list's filters, so the file holds what the list shows. */
  readonly filters?: AdminEventFiltersInput;
  readonly onEnded?: (result: ExportResult) => void;
  readonly variant?: 'normal' | 'primary';
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

export function ExportButton({ table, filters, onEnded, variant = 'normal' }: ExportButtonProps) {
  const run = useExportRun(table, filters, onEnded);
  const download = useDownloadExport();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string>();
  const { job } = run;

  const save = async () => {
    if (!job) return;
    setDownloading(true);
    setDownloadError(undefined);
    try {
      await download(job.id);
    } catch (error) {
      setDownloadError(messageOf(error, 'The file could not be downloaded. Try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Button variant={variant} iconName="download" loading={run.running} loadingText={`Exporting ${table}`} onClick={run.start}>
        Export {table}
      </Button>
      {run.running ? <StatusIndicator type="in-progress">Exporting {table}…</StatusIndicator> : null}
      {!run.running && job?.status === 'completed' ? (
        <>
          <StatusIndicator type="success">{(job.recordCount ?? 0).toLocaleString('en-US')} records</StatusIndicator>
          <Button iconName="file" loading={downloading} onClick={() => void save()} ariaLabel={`Download ${job.fileName}`}>
            Download CSV
          </Button>
        </>
      ) : null}
      {!run.running && job?.status === 'failed' ? <StatusIndicator type="error">{job.error ?? `Failed to export ${table} data`}</StatusIndicator> : null}
      {!run.running && !job && run.error ? <StatusIndicator type="error">{messageOf(run.error, `Failed to export ${table} data`)}</StatusIndicator> : null}
      {downloadError ? <StatusIndicator type="error">{downloadError}</StatusIndicator> : null}
    </SpaceBetween>
  );
}
