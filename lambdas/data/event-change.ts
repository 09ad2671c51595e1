/**
 * Event change records: one per edit of a live listing (its fields, its course, its images), written in the same
 * transaction as the edit (updateEvent's extraItems), so the admins' recent-edits list and the event's own history
 * show every change and who made it (organizer-event.ts reads them).
 *
 * | item          | PK          | SK                         | GSI1 (all changes, newest first)     | TTL     |
 * | event change  | EVENT#<id>  | CHANGE#<at>#<change id>    | EVENT_CHANGES / <at>#<change id>     | 2 years |
 */
import { ulid } from 'ulid';
import type { RaceEvent } from '#shared/schemas/event';
import type { EventChange } from '#shared/schemas/organizer-event';
import { TTL_ATTRIBUTE } from '#shared/table';
import { eventKey } from './event.ts';

export const CHANGES_PARTITION = 'EVENT_CHANGES';

/** Change records are kept two years: long enough for any dispute about a listing. */
const CHANGE_KEEP_SECONDS = 2 * 365 * 86_400;

/** Who made a change: the caller, or the one who asked for an upload that a function finished later. */
export interface ChangeActor {
  readonly id: string;
  readonly email?: string;
}

export type ChangedField = EventChange['fields'][number];

/**
 * The Put of one change record for `event` as it was before the edit. The actor counts as its owner when
 * they are the event's organizer, else as an admin (only the two may edit a listing).
 */
export function eventChangeItem(before: RaceEvent, fields: readonly ChangedField[], actor: ChangeActor, now: Date, title: string = before.title) {
  const at = now.toISOString();
  const id = ulid(now.getTime());
  const change: EventChange = {
    id,
    eventId: before.id,
    eventTitle: title,
    actorId: actor.id,
    ...(actor.email ? { actorEmail: actor.email } : {}),
    actorRole: before.organizerId === actor.id ? 'owner' : 'admin',
    at,
    fields: [...fields],
  };
  return {
    Put: {
      Item: {
        ...eventKey(before.id),
        SK: `CHANGE#${at}#${id}`,
        entity: 'event-change',
        ...change,
        GSI1PK: CHANGES_PARTITION,
        GSI1SK: `${at}#${id}`,
        [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + CHANGE_KEEP_SECONDS,
      },
    },
  };
}

/** The actor of a signed-in caller's change. */
export const actorOf = (caller: { readonly sub: string; readonly profile: { readonly email?: string } }): ChangeActor => ({
  id: caller.sub,
  ...(caller.profile.email ? { email: caller.profile.email } : {}),
});
