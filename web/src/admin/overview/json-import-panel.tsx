/**
 * The JSON paste import of /admin (spec 001): the paste, checked in the browser for the two mistakes it can
 * see, sent as one import job through the same normalize and upsert code as RunSignup's. The server answers
 * with the finished job; should it answer with one still running, the job is followed until it ends. The
 * result alert gives its counts.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { todayInNewYork } from '#shared/dates';
import { EVENT_TYPES, TERRAIN_TYPES } from '#shared/event-vocabulary';
import type { ImportJob } from '#shared/schemas/import-job';
import { errorMessage } from '../../lib/api-error.ts';
import { countsText, handledCount, importedCount, isActive, progressPercent } from '../import/import-job-facts.ts';
import { useImportJob, useRefreshImportFigures, useStartImport } from '../import/use-import-jobs.ts';
import { REQUIRED_FIELDS, formatExample, readJsonPaste } from './json-import.ts';

/** A paste is small work: its job is followed closely rather than on the job list's 10 s. */
const FOLLOW_MS = 1000;

export function JsonImportPanel({ today = todayInNewYork() }: { today?: string }) {
  const [text, setText] = useState('');
  const [autoVerify, setAutoVerify] = useState(false);
  const [inputError, setInputError] = useState('');
  const [jobId, setJobId] = useState<string>();
  const [sending, setSending] = useState(0);
  const start = useStartImport();
  const followed = useImportJob(jobId, FOLLOW_MS);
  const refreshFigures = useRefreshImportFigures();
  const example = useMemo(() => formatExample(today), [today]);

  const job = jobId ? followed.data : undefined;
  const running = start.isPending || (job !== undefined && isActive(job));

  // The job list and figures are read again once the followed job has ended.
  const ended = useRef<string>(undefined);
  useEffect(() => {
    if (job && !isActive(job) && ended.current !== job.id) {
      ended.current = job.id;
      refreshFigures();
    }
  }, [job, refreshFigures]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (running) return;
    const paste = readJsonPaste(text);
    if (!paste.ok) {
      setInputError(paste.message);
      return;
    }
    setInputError('');
    setJobId(undefined);
    setSending(paste.events.length);
    start.mutate({ source: 'json', events: paste.events, autoVerify }, { onSuccess: (started) => setJobId(started.id) });
  };

  return (
    <Container
      header={
        <Header variant="h2" description="Paste an array of events as JSON. Every event is checked; if any lacks a required field, nothing is imported.">
          JSON import
        </Header>
      }
    >
      <form onSubmit={submit} noValidate>
        <SpaceBetween size="l">
          <FormField label="Events (JSON)" errorText={inputError || undefined} stretch>
            <Textarea
              value={text}
              onChange={({ detail }) => {
                setText(detail.value);
                if (inputError) setInputError('');
              }}
              rows={10}
              spellcheck={false}
              placeholder='[{ "title": "...", "event_date": "YYYY-MM-DD", ... }]'
              ariaLabel="Events (JSON)"
              disabled={running}
            />
          </FormField>
          <Toggle checked={autoVerify} onChange={({ detail }) => setAutoVerify(detail.checked)} disabled={running}>
            Verify imported events automatically
          </Toggle>
          <ExpandableSection headerText="JSON format example">
            <SpaceBetween size="s">
              <Box variant="p">
                Required for every event: {REQUIRED_FIELDS.join(', ')}. Event types: {EVENT_TYPES.join(', ')}. Terrain: {TERRAIN_TYPES.join(', ')} (road when
                absent). Dates as YYYY-MM-DD, state as its two-letter code, the fee in dollars.
              </Box>
              <Box variant="code" display="block">
                {/* Focusable: on a phone the example scrolls sideways, and the keyboard must be able to scroll it. */}
                <pre tabIndex={0} aria-label="JSON format example" style={{ margin: 0, overflowX: 'auto', whiteSpace: 'pre' }}>
                  {example}
                </pre>
              </Box>
              <Button onClick={() => setText(example)} disabled={running}>
                Use this example
              </Button>
            </SpaceBetween>
          </ExpandableSection>
          <Box>
            <Button variant="primary" formAction="submit" loading={running} loadingText="Importing events">
              {running ? 'Importing...' : 'Import Events'}
            </Button>
          </Box>
          {/* The server imports a paste in one request; its share of the work is unknown until the job answers. */}
          {start.isPending && <StatusIndicator type="loading">Importing {sending.toLocaleString('en-US')} events...</StatusIndicator>}
          {job && isActive(job) && (
            <ProgressBar
              value={progressPercent(job)}
              label="Import progress"
              description={`${handledCount(job.counts).toLocaleString('en-US')} of ${job.expected.toLocaleString('en-US')} events handled`}
            />
          )}
          {start.isError && (
            <Alert type="error" header="Import failed">
              {errorMessage(start.error)}
            </Alert>
          )}
          {jobId && followed.isError && !job && (
            <Alert type="warning" header="The import was started, but its progress could not be read" action={<Button onClick={() => void followed.refetch()}>Retry</Button>}>
              {errorMessage(followed.error)} It goes on on the server; the Imports section lists it.
            </Alert>
          )}
          {job && !isActive(job) && <ImportResult job={job} />}
        </SpaceBetween>
      </form>
    </Container>
  );
}

function ImportResult({ job }: { job: ImportJob }) {
  const imported = importedCount(job.counts).toLocaleString('en-US');
  const counts = countsText(job.counts);
  const errors = job.errors.slice(0, 5);
  const errorList = errors.length > 0 && (
    <ul>
      {errors.map((error, index) => (
        <li key={index}>{error.message}</li>
      ))}
    </ul>
  );
  if (job.status === 'completed') {
    return (
      <Alert type="success" header={`Successfully imported ${imported} events!`}>
        {counts}.
      </Alert>
    );
  }
  if (job.status === 'completed-with-errors') {
    return (
      <Alert type="warning" header={`Partial import completed. ${imported} events imported.`}>
        {counts}.{errorList}
      </Alert>
    );
  }
  return (
    <Alert type="error" header="Import failed">
      {job.errors[0]?.message ?? 'The import failed.'} {counts}.{errors.length > 1 && errorList}
    </Alert>
  );
}
