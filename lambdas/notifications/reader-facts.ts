/**
 * What a message says that belongs to one reader and is read as it is delivered, not when the fan-out queued it
 * for everyone: a saver told that a race moved is also told which of their training plans still build to its
 * old day, with the way to move them (the plan's page offers to rebuild it for the new date). One Query of the
 * reader's few plan pointers for the race (race-plan-links.ts), and only for a change of date.
 */
import { MAX_PLANS_NAMED, NAMED_PLAN_MAX_LENGTH, type NotificationData, type NotificationKind } from '#shared/schemas/notifications';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import { racePlanLinks } from '#data/race-plan-links';

type RaceChanged = NotificationData<'saved-race-changed'>;

async function withPlansToMove(sub: string, data: RaceChanged): Promise<RaceChanged> {
  if (!data.changes.some((change) => change.field === 'date')) return data;
  const plans = (await racePlanLinks(sub, data.race.id))
    .filter((link) => link.date !== data.race.eventDate)
    .slice(0, MAX_PLANS_NAMED)
    // Within the message's limits whatever an old pointer holds: a name the schema refused would stop the message.
    .map((link) => ({ id: link.planId, name: link.name.trim().slice(0, NAMED_PLAN_MAX_LENGTH) || 'Your plan', date: link.date }));
  return plans.length > 0 ? { ...data, plans } : data;
}

/** The message's data with what its reader alone is told added. */
export async function withReaderFacts<K extends NotificationKind>(message: NotificationMessage<K>): Promise<NotificationData<K>> {
  if (message.kind === 'saved-race-changed') return (await withPlansToMove(message.sub, message.data as RaceChanged)) as NotificationData<K>;
  return message.data;
}
