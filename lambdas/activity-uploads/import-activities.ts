/**
 * From one uploaded file to training-log entries (docs/activity-files.md): each activity the file holds (a ZIP's
 * files one at a time) is worked out into its figures and saved, new or as an update of the entry of the same
 * activity uploaded before. A file that gives nothing, or an activity the log cannot take (dated in the future,
 * or over ten years back), is one reason in the outcome; the rest still come in.
 */
import type { ImportOutcome } from '#data/activity-upload';
import { saveRecordedLog } from '#data/training-log';
import { HttpError } from '#lib/errors';
import { activityFigures } from '#lib/activities/activity-figures';
import { logDateOf, recordingOf } from '#lib/activities/recording';
import { activityFilesIn } from './activity-files.ts';

/** The words a person reads for an activity the log refused: a field's own message when the error names one. */
function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.status !== 400) return undefined;
  return Object.values(error.fields ?? {}).flat()[0] ?? error.message;
}

export async function importActivities(sub: string, fileName: string, bytes: Uint8Array, timeZone: string | undefined, now: Date = new Date()): Promise<ImportOutcome> {
  const saved = new Map<string, { startedAt: string; created: boolean }>();
  const errors: { file: string; reason: string }[] = [];
  for (const outcome of activityFilesIn(fileName, bytes)) {
    if ('error' in outcome) {
      errors.push({ file: outcome.fileName, reason: outcome.error });
      continue;
    }
    for (const activity of outcome.activities) {
      const figures = activityFigures(activity);
      try {
        const { log, created } = await saveRecordedLog(sub, { activityType: figures.activityType, logDate: logDateOf(figures, timeZone), recording: recordingOf(figures) }, now);
        // The same activity twice in one upload (a .fit and a .gpx of one run) is one entry, made once.
        const before = saved.get(log.id);
        saved.set(log.id, { startedAt: figures.startedAt, created: (before?.created ?? false) || created });
      } catch (error) {
        const reason = reasonOf(error);
        if (!reason) throw error;
        errors.push({ file: outcome.fileName, reason });
      }
    }
  }
  const entries = [...saved.entries()].sort(([, a], [, b]) => a.startedAt.localeCompare(b.startedAt));
  const created = entries.filter(([, entry]) => entry.created).length;
  return { logIds: entries.map(([id]) => id), created, updated: entries.length - created, errors };
}
