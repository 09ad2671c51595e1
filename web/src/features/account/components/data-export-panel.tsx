/**
 * "Download my data" for the settings page: what the ZIP holds, a button that starts the export, progress while
 * the server gathers it (followed every two seconds), then the link to the file with its size. The link works for
 * a few minutes only: once it has run out the panel says so and offers a fresh one. A failure says why and offers
 * to try again. Progress and outcome are announced politely to screen readers; everything is a real button or
 * link, so the keyboard reaches it all.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { EXPORT_RETENTION_DAYS, PERSONAL_EXPORT_FILES, type PersonalExportWithDownload } from '#shared/schemas/personal-export';
import { Alert } from '../../../components/alert.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useDataExport } from '../api/use-data-export.ts';
import { formatFileSize } from '../../../lib/file-size.ts';
import './data-export-panel.css';


const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** Whether the link's time is up; turns true by itself when it runs out while the panel is open. */
function useLinkExpired(expiresAt: string | undefined): boolean {
  const [expiredAt, setExpiredAt] = useState<string>();
  useEffect(() => {
    if (!expiresAt) return;
    // A link that has run out already is marked at once (a timer of 0).
    const timer = setTimeout(() => setExpiredAt(expiresAt), Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expiresAt !== undefined && expiredAt === expiresAt;
}

/**
 * Moves focus to the control that just replaced the one a keyboard user pressed (the start button gives way to
 * the link, the link to a fresh-link button), unless they have moved on elsewhere on the page meanwhile.
 */
function useTakeFocus<T extends HTMLElement>(panel: RefObject<HTMLElement | null>, key: string | undefined): RefObject<T | null> {
  const target = useRef<T>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && !panel.current?.contains(active)) return;
    target.current?.focus();
  }, [panel, key]);
  return target;
}

function ReadyLink({ job, onRefresh, panel }: { job: PersonalExportWithDownload; onRefresh(): void; panel: RefObject<HTMLElement | null> }) {
  const expired = useLinkExpired(job.downloadUrlExpiresAt);
  const live = Boolean(job.downloadUrl) && !expired;
  const link = useTakeFocus<HTMLAnchorElement>(panel, live ? job.downloadUrl : undefined);
  const renew = useTakeFocus<HTMLButtonElement>(panel, live ? undefined : `expired:${job.downloadUrlExpiresAt ?? ''}`);
  const kept = `The file is kept until ${dateFormat.format(new Date(job.availableUntil))}.`;
  if (!live) {
    return (
      <div className="data-export__ready">
        <p>{`For your privacy the download link has expired. ${kept}`}</p>
        <div className="data-export__actions">
          <button ref={renew} type="button" className={buttonClass({ variant: 'primary' })} onClick={onRefresh}>
            Get a new download link
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="data-export__ready">
      <div className="data-export__actions">
        <a ref={link} className={buttonClass({ variant: 'primary' })} href={job.downloadUrl} download={job.fileName}>
          {`Download ZIP${job.size !== undefined ? ` (${formatFileSize(job.size)})` : ''}`}
        </a>
      </div>
      <p className="data-export__hint">
        {`${job.fileName}. For your privacy this link expires at ${timeFormat.format(new Date(job.downloadUrlExpiresAt!))}; come back here for a new one. ${kept}`}
      </p>
    </div>
  );
}

function Failure({ message, onRetry, panel }: { message: string; onRetry(): void; panel: RefObject<HTMLElement | null> }) {
  const retry = useTakeFocus<HTMLButtonElement>(panel, message);
  return (
    <Alert tone="error" title="Your data could not be exported">
      <p>{message}</p>
      <div className="data-export__actions">
        <button ref={retry} type="button" className={buttonClass({ variant: 'primary' })} onClick={onRetry}>
          Try again
        </button>
      </div>
    </Alert>
  );
}

export function DataExportPanel() {
  const { job, starting, running, error, start, refresh } = useDataExport();
  const panel = useRef<HTMLElement>(null);

  // What the live region says: the latest state of the export, in words.
  let status = '';
  if (starting) status = 'Starting your export…';
  else if (error) status = '';
  else if (job?.status === 'processing') status = 'Gathering your data. This usually takes less than a minute; you can keep using RaceFinder meanwhile.';
  else if (job?.status === 'completed') status = 'Your data is ready to download.';

  return (
    <section ref={panel} className="data-export" aria-labelledby="data-export-title">
      <h2 id="data-export-title" className="data-export__title">
        Download your data
      </h2>
      <p>Get a copy of everything RaceFinder keeps about you, as one ZIP file with:</p>
      <ul className="data-export__contents">
        <li>
          <strong>{PERSONAL_EXPORT_FILES.data}</strong>: your profile, training log, goals, training plans, coach chat, saved races, race
          checklists, reviews and recaps, and as an organizer your claims, applications, suggested races and promotions (without payment
          details).
        </li>
        <li>
          <strong>{PERSONAL_EXPORT_FILES.trainingLog}</strong> and <strong>{PERSONAL_EXPORT_FILES.savedRaces}</strong>: your log (distances in
          kilometres and miles) and your saved races, for a spreadsheet.
        </li>
        <li>
          <strong>{PERSONAL_EXPORT_FILES.trainingPlan}</strong>: your active (or latest) training plan, to import into a calendar app.
        </li>
      </ul>
      <p className="data-export__hint">{`Your calendar feed addresses are left out: they are secrets. The file is deleted after ${EXPORT_RETENTION_DAYS} days.`}</p>

      <div role="status" aria-live="polite" aria-label="Export progress" className="data-export__status">
        {/* The words below say it: the spinner is for the eye only. */}
        {running ? (
          <span aria-hidden="true">
            <Spinner label="Export in progress" size={18} />
          </span>
        ) : null}
        {status ? <span>{status}</span> : null}
      </div>

      {error ? (
        // A failed start asks again; a failed poll of a job still running asks about that job again.
        <Failure message={errorMessage(error)} onRetry={job?.status === 'processing' ? refresh : start} panel={panel} />
      ) : job?.status === 'failed' ? (
        <Failure message={job.error ?? 'Something went wrong. Please try again.'} onRetry={start} panel={panel} />
      ) : job?.status === 'completed' ? (
        <ReadyLink job={job} onRefresh={refresh} panel={panel} />
      ) : (
        <div className="data-export__actions">
          {/* aria-disabled rather than disabled: the button keeps the keyboard's focus while the export runs. */}
          <Button variant="primary" onClick={running ? undefined : start} aria-disabled={running}>
            {running ? 'Preparing your data…' : 'Download my data'}
          </Button>
        </div>
      )}
    </section>
  );
}
