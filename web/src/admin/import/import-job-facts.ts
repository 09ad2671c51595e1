/**
 * What the admin screens say about an import job: its status in words, how far a running job has got, and
 * how many events it brought in. Shared by the job table, its details and the JSON paste import.
 */
import type { ImportCounts, ImportJob, ImportJobStatus } from '#shared/schemas/import-job';

export const STATUS_TEXT: Record<ImportJobStatus, string> = {
  pending: 'Waiting',
  running: 'Running',
  completed: 'Completed',
  'completed-with-errors': 'Completed with errors',
  failed: 'Failed',
};

export const STATUS_INDICATOR: Record<ImportJobStatus, 'pending' | 'in-progress' | 'success' | 'warning' | 'error'> = {
  pending: 'pending',
  running: 'in-progress',
  completed: 'success',
  'completed-with-errors': 'warning',
  failed: 'error',
};

export const SKIP_REASON_TEXT: Record<string, string> = {
  'not-us': 'outside the US',
  past: 'already past',
  'draft-or-private': 'draft or private',
  invalid: 'invalid',
  'duplicate-in-run': 'repeated in this run',
  'over-limit': 'over the limit',
};

/** A job that may still change: the screens keep polling while one is shown. */
export function isActive(job: Pick<ImportJob, 'status'>): boolean {
  return job.status === 'pending' || job.status === 'running';
}

export function skippedTotal(counts: ImportCounts): number {
  return Object.values(counts.skipped).reduce((sum, count) => sum + (count ?? 0), 0);
}

/**
 * Races the job has finished with, one way or another. Flagged events are left out: a flag is set on a race
 * already counted (or on one that left the source), so adding it would count twice.
 */
export function handledCount(counts: ImportCounts): number {
  return counts.created + counts.updated + counts.unchanged + skippedTotal(counts) + counts.errors;
}

/** Progress of a job in percent (0-100), against the races it expects at most. */
export function progressPercent(job: Pick<ImportJob, 'counts' | 'expected' | 'status'>): number {
  if (!isActive(job)) return 100;
  if (job.expected <= 0) return 0;
  return Math.min(100, Math.round((handledCount(job.counts) / job.expected) * 100));
}

/** Events the job wrote: created or changed. */
export function importedCount(counts: ImportCounts): number {
  return counts.created + counts.updated;
}

/** 'skipped 3 (2 outside the US, 1 already past)', or '' when nothing was skipped. */
export function skippedText(counts: ImportCounts): string {
  const total = skippedTotal(counts);
  if (total === 0) return '';
  const reasons = Object.entries(counts.skipped)
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([reason, count]) => `${count!.toLocaleString('en-US')} ${SKIP_REASON_TEXT[reason] ?? reason}`);
  return `skipped ${total.toLocaleString('en-US')} (${reasons.join(', ')})`;
}

/** 'Fetched 120, created 80, updated 10, unchanged 25, flagged 2, skipped 5 (5 already past), errors 0'. */
export function countsText(counts: ImportCounts): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const parts = [
    `fetched ${n(counts.fetched)}`,
    `created ${n(counts.created)}`,
    `updated ${n(counts.updated)}`,
    `unchanged ${n(counts.unchanged)}`,
    `flagged ${n(counts.flagged)}`,
    skippedText(counts) || 'skipped 0',
    `errors ${n(counts.errors)}`,
  ];
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A moment in the reader's own time zone: 'Nov 23, 2026, 5:40 PM'. */
export function formatTime(iso: string | undefined): string {
  return iso ? TIME.format(new Date(iso)) : '';
}

/** '2 min 5 s', '45 s'; empty until the job has started. Running jobs count up to `now`. */
export function durationText(job: Pick<ImportJob, 'startedAt' | 'finishedAt' | 'createdAt'>, now = Date.now()): string {
  const start = job.startedAt ?? job.createdAt;
  const end = job.finishedAt ? Date.parse(job.finishedAt) : now;
  const seconds = Math.max(0, Math.round((end - Date.parse(start)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** 'Nightly schedule' for the scheduled run, 'You' for the reader, else the admin's user id. */
export function startedByText(startedBy: string, myId: string | undefined): string {
  if (startedBy === 'schedule') return 'Nightly schedule';
  if (myId && startedBy === myId) return 'You';
  return `Admin ${startedBy}`;
}
