/**
 * Import Activities (issue 25): the athlete picks or drops GPX, TCX and FIT files, or the ZIP of a Strava or
 * Garmin export, and watches each go in: uploading with its progress, being read, then how many activities came in
 * (new, or updated because the log had them already) and each bad file's reason. The imports belong to the page
 * (use-activity-import.ts), so closing this while they run loses nothing; the journal fills in as they finish.
 */
import { useId, useState, type DragEvent } from 'react';
import { ACTIVITY_FILE_ACCEPT } from '#shared/schemas/activity-upload';
import { countOf } from '#shared/plural';
import { Button, buttonClass } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatFileSize } from '../../../lib/file-size.ts';
import type { FileImport } from '../api/use-activity-import.ts';
import './import-activities.css';
import './training-dialog.css';

interface ImportActivitiesDialogProps {
  readonly files: readonly FileImport[];
  readonly busy: boolean;
  onFiles(files: readonly File[]): void;
  onClose(): void;
}

function outcomeText(file: FileImport): string {
  if (file.phase === 'waiting') return 'Waiting…';
  if (file.phase === 'uploading') return `Uploading… ${Math.round(file.progress * 100)}%`;
  if (file.phase === 'importing') return 'Reading activities…';
  const upload = file.upload;
  if (!upload) return file.error ?? 'The upload failed.';
  if (upload.logIds.length === 0) return upload.errorCount > 0 ? 'No activities could be read from this file.' : 'This file holds no activities.';
  const parts = [upload.created > 0 ? countOf(upload.created, 'new activity', 'new activities') : undefined, upload.updated > 0 ? `${upload.updated} already in your log, updated` : undefined];
  return parts.filter(Boolean).join(' · ');
}

function FileRow({ file }: { file: FileImport }) {
  const errors = file.upload?.errors ?? [];
  const unlisted = (file.upload?.errorCount ?? 0) - errors.length;
  const going = file.phase === 'waiting' || file.phase === 'uploading' || file.phase === 'importing';
  return (
    <li className={`import-file import-file--${file.phase}`}>
      <div className="import-file__head">
        <span className="import-file__name">{file.fileName}</span>
        <span className="import-file__size">{formatFileSize(file.size)}</span>
      </div>
      <p className="import-file__outcome" role={file.phase === 'failed' ? 'alert' : undefined}>
        {going ? <Spinner size={14} label="Working" /> : null}
        {outcomeText(file)}
      </p>
      {errors.length > 0 ? (
        <ul className="import-file__errors" aria-label={`Files of ${file.fileName} not imported`}>
          {errors.map((error) => (
            <li key={`${error.file}:${error.reason}`}>
              {error.file === file.fileName ? error.reason : (
                <>
                  <span className="import-file__inner">{error.file}</span>: {error.reason}
                </>
              )}
            </li>
          ))}
          {unlisted > 0 ? <li>and {countOf(unlisted, 'more file')} not imported</li> : null}
        </ul>
      ) : null}
    </li>
  );
}

export default function ImportActivitiesDialog({ files, busy, onFiles, onClose }: ImportActivitiesDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  }

  return (
    <ModalDialog titleId={titleId} width={600} onCancel={onClose}>
      <div className="training-form">
        <h2 id={titleId} className="modal-dialog__title">
          Import Activities
        </h2>
        <p className="import-activities__text">
          Choose GPX, TCX or FIT files from your watch or phone, or the ZIP of a Strava or Garmin export. Each activity becomes a workout in your journal
          with its distance, moving time, pace, climb, heart rate and splits. An activity you import again is updated, not doubled.
        </p>
        <div
          className={`import-activities__drop${dragging ? ' import-activities__drop--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <input
            id={`${id}-files`}
            className="visually-hidden"
            type="file"
            multiple
            accept={ACTIVITY_FILE_ACCEPT}
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])];
              // Cleared, so choosing the same file again (after fixing it) starts another import.
              event.target.value = '';
              if (chosen.length > 0) onFiles(chosen);
            }}
          />
          <label className={buttonClass({ variant: 'primary' }, 'import-activities__pick')} htmlFor={`${id}-files`}>
            Choose files
          </label>
          <span className="import-activities__hint">or drop them here</span>
        </div>
        {files.length > 0 ? (
          <ul className="import-activities__files" aria-label="Files" aria-busy={busy}>
            {files.map((file) => (
              <FileRow key={file.key} file={file} />
            ))}
          </ul>
        ) : null}
        <div className="training-form__actions">
          <Button onClick={onClose}>{busy ? 'Close (imports go on)' : 'Close'}</Button>
        </div>
      </div>
    </ModalDialog>
  );
}
