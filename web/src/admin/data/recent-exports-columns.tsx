/** Columns of the recent exports table (/admin/data), beside the page as the Cloudscape demos keep them. */
import Button from '@cloudscape-design/components/button';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ExportJob, ExportStatus } from '#shared/schemas/export-job';
import { formatCreated, formatSize, tableLabel } from '../exports/export-format.ts';

const STATUS: Record<ExportStatus, { type: StatusIndicatorProps.Type; text: string }> = {
  processing: { type: 'in-progress', text: 'Processing' },
  completed: { type: 'success', text: 'Completed' },
  failed: { type: 'error', text: 'Failed' },
};

export function recentExportsColumns(options: {
  download(job: ExportJob): void;
  downloading: string | undefined;
}): TableProps.ColumnDefinition<ExportJob>[] {
  return [
    { id: 'table', header: 'Table', cell: (job) => tableLabel(job.table), isRowHeader: true },
    {
      id: 'status',
      header: 'Status',
      cell: (job) => <StatusIndicator type={STATUS[job.status].type}>{job.status === 'failed' && job.error ? job.error : STATUS[job.status].text}</StatusIndicator>,
    },
    { id: 'records', header: 'Records', cell: (job) => (job.recordCount === undefined ? '-' : job.recordCount.toLocaleString('en-US')) },
    { id: 'size', header: 'Size', cell: (job) => (job.size === undefined ? '-' : formatSize(job.size)) },
    { id: 'created', header: 'Created', cell: (job) => formatCreated(job.createdAt) },
    {
      id: 'actions',
      header: 'File',
      cell: (job) =>
        job.status === 'completed' ? (
          <Button
            variant="inline-link"
            iconName="download"
            loading={options.downloading === job.id}
            ariaLabel={`Download ${job.fileName}`}
            onClick={() => options.download(job)}
          >
            Download
          </Button>
        ) : null,
    },
  ];
}
