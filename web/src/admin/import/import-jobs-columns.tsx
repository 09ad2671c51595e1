/** Column definitions of the import jobs table (beside the page, as the Cloudscape demos keep them). */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ImportJob } from '#shared/schemas/import-job';
import { US_STATES, isStateCode } from '#shared/us-states';
import { formatRange } from './date-presets.ts';
import {
  STATUS_INDICATOR,
  STATUS_TEXT,
  countsText,
  durationText,
  formatTime,
  handledCount,
  progressPercent,
  startedByText,
} from './import-job-facts.ts';
import { MODE_LABELS, limitText } from './import-summary.ts';

/** 'RunSignup · Quick Sync · Colorado · Nov 23, 2026 – Feb 21, 2027 · max 1,000', or 'JSON paste · 12 events'. */
export function jobSourceText(job: ImportJob): string {
  const options = job.options;
  if (!('from' in options)) return `JSON paste · ${options.events.toLocaleString('en-US')} events`;
  const place = options.state && isStateCode(options.state) ? US_STATES[options.state] : (options.state ?? 'All states');
  return ['RunSignup', MODE_LABELS[options.mode], place, formatRange(options.from, options.to), `max ${limitText(options.limit)}`].join(' · ');
}

export function JobStatus({ job }: { job: ImportJob }) {
  if (job.status !== 'running') {
    return (
      <StatusIndicator type={STATUS_INDICATOR[job.status]} wrapText={false}>
        {STATUS_TEXT[job.status]}
      </StatusIndicator>
    );
  }
  const handled = handledCount(job.counts);
  return (
    <ProgressBar
      value={progressPercent(job)}
      label="Running"
      description={`${handled.toLocaleString('en-US')} of ${job.expected.toLocaleString('en-US')} races handled`}
    />
  );
}

export function jobColumns({ myId, onDetails }: { myId: string | undefined; onDetails(job: ImportJob): void }): TableProps.ColumnDefinition<ImportJob>[] {
  return [
    {
      id: 'created',
      header: 'Started',
      cell: (job) => (
        <>
          <Box>{formatTime(job.createdAt)}</Box>
          <Box variant="small">
            {startedByText(job.startedBy, myId)}
            {job.startedAt || job.finishedAt ? ` · ${durationText(job)}` : ''}
          </Box>
        </>
      ),
      minWidth: 150,
      isRowHeader: true,
    },
    { id: 'status', header: 'Status', cell: (job) => <JobStatus job={job} />, minWidth: 210 },
    { id: 'source', header: 'Source and options', cell: jobSourceText, minWidth: 200 },
    {
      id: 'counts',
      header: 'Results',
      cell: (job) => (
        <Box variant="small" color="inherit">
          {countsText(job.counts)}
        </Box>
      ),
      minWidth: 240,
    },
    {
      id: 'details',
      header: 'Details',
      cell: (job) => {
        const errors = job.counts.errors;
        const text = errors > 0 ? `Details (${errors.toLocaleString('en-US')} ${errors === 1 ? 'error' : 'errors'})` : 'Details';
        return (
          <Button variant="inline-link" onClick={() => onDetails(job)} ariaLabel={`${text} of the import started ${formatTime(job.createdAt)}`}>
            {text}
          </Button>
        );
      },
      minWidth: 110,
    },
  ];
}
