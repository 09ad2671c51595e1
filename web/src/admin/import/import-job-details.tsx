/**
 * One import job in a Modal: its options, timings, every count with the skip reasons, and the faults it
 * recorded (the server keeps the first 50; the error count has them all).
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ImportJob } from '#shared/schemas/import-job';
import { JobStatus, jobSourceText } from './import-jobs-columns.tsx';
import { SKIP_REASON_TEXT, durationText, formatTime, startedByText } from './import-job-facts.ts';

const n = (value: number) => value.toLocaleString('en-US');

export function ImportJobDetails({ job, myId, onClose }: { job: ImportJob | undefined; myId: string | undefined; onClose(): void }) {
  return (
    <Modal
      visible={Boolean(job)}
      onDismiss={onClose}
      header="Import job details"
      size="large"
      closeAriaLabel="Close details"
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </Box>
      }
    >
      {job && <JobDetails job={job} myId={myId} />}
    </Modal>
  );
}

function JobDetails({ job, myId }: { job: ImportJob; myId: string | undefined }) {
  const { counts } = job;
  const skipped = Object.entries(counts.skipped).filter(([, count]) => (count ?? 0) > 0);
  return (
    <SpaceBetween size="l">
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'Status', value: <JobStatus job={job} /> },
          { label: 'Source and options', value: jobSourceText(job) },
          { label: 'Auto-verify', value: job.options.autoVerify ? 'On' : 'Off' },
          { label: 'Started by', value: startedByText(job.startedBy, myId) },
          { label: 'Created', value: formatTime(job.createdAt) },
          { label: 'Ran', value: job.startedAt ? `${formatTime(job.startedAt)}${job.finishedAt ? ` to ${formatTime(job.finishedAt)}` : ''} (${durationText(job)})` : 'Not started yet' },
        ]}
      />
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'Fetched', value: n(counts.fetched) },
          { label: 'Created', value: n(counts.created) },
          { label: 'Updated', value: n(counts.updated) },
          { label: 'Unchanged', value: n(counts.unchanged) },
          { label: 'Flagged for review', value: n(counts.flagged) },
          {
            label: 'Skipped',
            value: skipped.length
              ? skipped.map(([reason, count]) => `${n(count!)} ${SKIP_REASON_TEXT[reason] ?? reason}`).join(', ')
              : '0',
          },
          { label: 'Errors', value: n(counts.errors) },
          { label: 'Expected at most', value: n(job.expected) },
        ]}
      />
      <section aria-label="Errors">
        <Box variant="h3">Errors</Box>
        {job.errors.length === 0 ? (
          <Box color="text-body-secondary">No errors recorded.</Box>
        ) : (
          <>
            {counts.errors > job.errors.length && (
              <Box color="text-body-secondary">
                The first {n(job.errors.length)} of {n(counts.errors)} errors.
              </Box>
            )}
            <ul>
              {job.errors.map((error, index) => (
                <li key={index}>
                  {error.page !== undefined && <strong>Page {error.page}: </strong>}
                  {error.sourceId !== undefined && <strong>Race {error.sourceId}: </strong>}
                  {error.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </SpaceBetween>
  );
}
