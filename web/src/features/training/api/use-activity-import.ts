/**
 * Importing activity files into the log (issue 25, docs/activity-files.md): for each file chosen, the API signs a
 * presigned POST, the browser sends the file straight to S3, and the page polls the upload until the import
 * function has read it. Files go one after another, so a ZIP of a whole export and a few single runs never race
 * for the line. The journal and the figures are read again after each file that brought activities in.
 */
import { useCallback, useRef, useState } from 'react';
import type { ActivityUpload } from '#shared/schemas/activity-upload';
import { trainingArea } from '../../../lib/api-areas/training.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useApi } from '../../../lib/use-api.ts';
import { useRefreshTraining } from './use-training.ts';

/** How often an upload is asked about while the import function reads it. */
const POLL_MS = 1000;

export type ImportPhase = 'waiting' | 'uploading' | 'importing' | 'done' | 'failed';

export interface FileImport {
  readonly key: string;
  readonly fileName: string;
  readonly size: number;
  readonly phase: ImportPhase;
  /** 0 to 1 while uploading. */
  readonly progress: number;
  /** The import's outcome once the function has read the file. */
  readonly upload?: ActivityUpload;
  /** Why the file never reached the import (refused by the API or S3, or the line dropped). */
  readonly error?: string;
}

/** The words of a refusal: a field's own message (a file too large) before the general one. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.fields) return Object.values(error.fields).flat()[0] ?? error.message;
  return errorMessage(error, 'The upload failed. Check your connection and try again.');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useActivityImport() {
  const api = useApi(trainingArea);
  const refresh = useRefreshTraining();
  const [files, setFiles] = useState<readonly FileImport[]>([]);
  const queue = useRef(Promise.resolve());
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const patch = useCallback((key: string, change: Partial<FileImport>) => {
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));
  }, []);

  const importOne = useCallback(
    async (key: string, file: File) => {
      // Loaded when a file is sent, not with the journal: modules shared with other pages' chunks would otherwise
      // each be a chunk the site's first load lists among the journal's.
      const [{ activityContentType, WRONG_ACTIVITY_FILE_MESSAGE }, { sendUpload }] = await Promise.all([
        import('#shared/schemas/activity-upload'),
        import('../../../lib/presigned-upload.ts'),
      ]);
      const contentType = activityContentType(file.name);
      if (!contentType) return patch(key, { phase: 'failed', error: WRONG_ACTIVITY_FILE_MESSAGE });
      try {
        patch(key, { phase: 'uploading' });
        const ticket = await api('requestActivityUpload', { body: { fileName: file.name, contentType, size: file.size, ...(timeZone ? { timeZone } : {}) } });
        await sendUpload(ticket.upload, file, (progress) => patch(key, { progress }));
        patch(key, { phase: 'importing', progress: 1 });
        for (;;) {
          const upload = await api('getActivityUpload', { path: { id: ticket.id } });
          if (upload.status === 'done' || upload.status === 'failed') {
            patch(key, { phase: upload.status, upload });
            if (upload.logIds.length > 0) void refresh();
            return;
          }
          await wait(POLL_MS);
        }
      } catch (error) {
        patch(key, { phase: 'failed', error: refusal(error) });
      }
    },
    [api, patch, refresh, timeZone],
  );

  /** Adds the files to the list and imports them after any still going. */
  const start = useCallback(
    (chosen: readonly File[]) => {
      const added = chosen.map((file, index) => ({ key: `${Date.now()}-${index}-${file.name}`, file }));
      setFiles((current) => [...current, ...added.map(({ key, file }): FileImport => ({ key, fileName: file.name, size: file.size, phase: 'waiting', progress: 0 }))]);
      for (const { key, file } of added) queue.current = queue.current.then(() => importOne(key, file));
    },
    [importOne],
  );

  const busy = files.some((file) => file.phase === 'waiting' || file.phase === 'uploading' || file.phase === 'importing');
  return { files, start, busy };
}
