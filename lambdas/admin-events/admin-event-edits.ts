/**
 * What an admin changes on events: one event's flags and fields (PATCH), the bulk actions, delete. Every
 * write goes through the event store (#data/event), so search postings, the admin index and the counters move
 * with the event in one transaction; a concurrent change is the store's EventWriteConflictError (409).
 */
import { ADMIN_EDITABLE_FIELDS, type AdminBulkResult, type AdminEventPatch, type BulkAction } from '#shared/schemas/admin-events';
import type { RaceEvent } from '#shared/schemas/event';
import { BadRequestError } from '#lib/errors';
import { deleteEventImageFiles } from '#lib/media-bucket';
import { deleteEvent, EventNotFoundError, EventWriteConflictError, getEventsById, refuseRescheduleWithoutDate, updateEvent, withTierRules, type EventChanges } from '#data/event';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The store's changes for a patch of `before`: null clears a field, and every editable field whose value
 * really changes joins adminEditedFields, so later imports leave it as the admin set it.
 */
export function changesOf(before: RaceEvent, patch: AdminEventPatch): EventChanges {
  const sent: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    sent[field] = value === null ? undefined : value;
  }
  // Before the fields an admin edited are worked out: a fee cleared beside tiers is no edit.
  const changes: Record<string, unknown> = { ...withTierRules(before, sent as EventChanges) };
  const edited = ADMIN_EDITABLE_FIELDS.filter((field) => field in changes && !same(changes[field], before[field]));
  if (edited.length > 0) changes.adminEditedFields = [...new Set([...(before.adminEditedFields ?? []), ...edited])].sort();
  const eventDate = (changes.eventDate as string | undefined) ?? before.eventDate;
  const closes = 'registrationEndDate' in changes ? (changes.registrationEndDate as string | undefined) : before.registrationEndDate;
  if (closes !== undefined && closes > eventDate) {
    throw new BadRequestError('Some fields are not valid', { 'body.registrationEndDate': ['Registration must close before the event date'] });
  }
  refuseRescheduleWithoutDate(before, changes as EventChanges);
  return changes as EventChanges;
}

export function patchEvent(id: string, patch: AdminEventPatch): Promise<RaceEvent> {
  return updateEvent(id, (before) => changesOf(before, patch));
}

/** The flag a bulk action sets, or undefined for delete. */
const BULK_FLAGS: Record<Exclude<BulkAction, 'delete'>, Pick<RaceEvent, 'verified'> | Pick<RaceEvent, 'featured'>> = {
  verify: { verified: true },
  unverify: { verified: false },
  feature: { featured: true },
  unfeature: { featured: false },
};

/** Bulk requests written at once: enough to hide round trips, few enough not to fight over the counters. */
const IN_FLIGHT = 4;

type Outcome = AdminBulkResult['results'][number]['outcome'];

async function applyOne(id: string, action: BulkAction, current: RaceEvent | undefined): Promise<Outcome> {
  if (!current) return 'not-found';
  const run = async (): Promise<Outcome> => {
    if (action === 'delete') {
      // Its images' files go after it: once the event is gone nothing names them.
      await deleteEventImageFiles(await deleteEvent(id));
      return 'deleted';
    }
    const wanted = BULK_FLAGS[action];
    const already = Object.entries(wanted).every(([field, value]) => current[field as keyof RaceEvent] === value);
    if (already) return 'unchanged';
    await updateEvent(id, wanted);
    return 'updated';
  };
  try {
    return await run();
  } catch (error) {
    if (error instanceof EventNotFoundError) return 'not-found';
    // Another admin or an import wrote the event meanwhile: one more try on the fresh version.
    if (error instanceof EventWriteConflictError) {
      try {
        return await run();
      } catch (again) {
        if (again instanceof EventNotFoundError) return 'not-found';
        if (again instanceof EventWriteConflictError) return 'conflict';
        throw again;
      }
    }
    throw error;
  }
}

/** Applies one action to each event, each in its own transaction; one outcome per id, in the order given. */
export async function bulkUpdate(ids: readonly string[], action: BulkAction): Promise<AdminBulkResult> {
  const events = await getEventsById(ids);
  const outcomes = new Map<string, Outcome>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] as string;
      outcomes.set(id, await applyOne(id, action, events.get(id)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, ids.length) }, worker));
  const results = ids.map((id) => ({ id, outcome: outcomes.get(id) as Outcome }));
  const updated = results.filter((result) => result.outcome === 'updated' || result.outcome === 'deleted').length;
  return { updated, message: `Updated ${updated} ${updated === 1 ? 'event' : 'events'}`, results };
}
