/**
 * The weekly training summary job (issue 23), run on Monday mornings by an EventBridge schedule in AWS and by
 * POST /_local/schedules/weekly-summary on the local gateway: everyone who turned the summary on (the readers'
 * index, lambdas/data/notification-preferences.ts) gets last week's summary on the notification queue, a page of
 * readers at a time. Each message is keyed by person and week, so a repeated run tells nobody twice.
 */
import { enqueueNotifications } from '#data/notification-queue';
import { weeklySummaryReaderPages } from '#data/notification-preferences';
import { weeklySummaryMessage } from '#data/weekly-summary';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import { inParallel } from '#lib/kit/batch-write';
import { logger } from '#lib/logger';

/** People summed up at once: a few small reads each. */
const SUMMARIES_IN_FLIGHT = 8;

export interface WeeklySummaryOutcome {
  readonly summaries: number;
}

export async function runWeeklySummaries(now: Date = new Date()): Promise<WeeklySummaryOutcome> {
  let summaries = 0;
  for await (const readers of weeklySummaryReaderPages()) {
    const messages: NotificationMessage<'weekly-training-summary'>[] = [];
    await inParallel(readers, SUMMARIES_IN_FLIGHT, async (sub) => {
      messages.push(await weeklySummaryMessage(sub, now));
    });
    await enqueueNotifications(messages);
    summaries += messages.length;
  }
  logger.info('weekly summaries', { summaries });
  return { summaries };
}

export const handler = async (): Promise<WeeklySummaryOutcome> => runWeeklySummaries();
