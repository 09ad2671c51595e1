/** No defineEntity here: its items are written by UpdateExpressions (a string set of ticks, if_not_exists template) and read by coercion; there is no zod schema of the stored checklist. */
/**
 * Race checklists: an athlete's ticks and own items for one race, over the template for its kind of race
 * (shared/race-checklist/templates.ts).
 *
 * | item              | PK          | SK                                  | attributes                                            |
 * | checklist         | USER#<sub>  | CHECKLIST#<eventId>                 | eventId, template, checked (string set of template item ids), addedCount, createdAt, updatedAt |
 * | added item        | USER#<sub>  | CHECKLIST#<eventId>#ITEM#<itemId>   | id, section, text, checked, createdAt                 |
 *
 * Nothing is stored until the athlete first ticks or adds something: until then the checklist is the
 * template, answered by a read that writes nothing (so GET stays a read-only route and merely looking costs
 * no item). The first change writes the checklist item with the template in force then; from that moment the
 * template is fixed for this checklist, so a race whose type an organizer changes keeps the list its athlete
 * has been ticking. Template ticks are a string set on the checklist item (ADD and DELETE are atomic, so quick
 * ticks in a row never undo each other); each added item is its own item, so ticking it is a write of that
 * item alone, and `addedCount` on the checklist item, moved in the same transaction as the add or the removal,
 * keeps the limit without counting. One Query (begins_with the checklist's SK) reads it all back, the
 * checklist item first, then the added items in the order of their ULIDs: the order they were added.
 *
 * Access patterns (docs/data-model.md): an athlete's checklist for a race (table, PK = USER#<sub>, begins_with(SK,
 * CHECKLIST#<eventId>)).
 */
import { ulid } from 'ulid';
import { ULID_PATTERN } from '#shared/ids';
import { CHECKLIST_TEMPLATE_ITEMS } from '#shared/race-checklist/templates';
import { CHECKLIST_ADDED_MAX, type ChecklistSection, type ChecklistTemplate } from '#shared/race-checklist/vocabulary';
import type { Checklist, ChecklistItem, NewChecklistItem } from '#shared/schemas/race-checklist';
import { table } from '#lib/kit/table';
import { lostToTransactionInFlight, retryingConflicts, transact } from '#lib/kit/transact';
import { BadRequestError, ConflictError, NotFoundError } from '#lib/errors';
import { isConditionFailure } from '#lib/transactions';

const userPk = (sub: string) => `USER#${sub}`;
const checklistSk = (eventId: string) => `CHECKLIST#${eventId}`;

export const checklistKey = (sub: string, eventId: string) => ({ PK: userPk(sub), SK: checklistSk(eventId) });
export const addedItemKey = (sub: string, eventId: string, itemId: string) => ({ PK: userPk(sub), SK: `${checklistSk(eventId)}#ITEM#${itemId}` });

export class ChecklistItemNotFoundError extends NotFoundError {
  constructor() {
    super('This item is not on your checklist');
  }
}

interface StoredChecklist {
  readonly template?: ChecklistTemplate;
  readonly checked: ReadonlySet<string>;
  readonly createdAt?: string;
}

function storedChecklistOf(item: Record<string, unknown> | undefined): StoredChecklist {
  return {
    template: typeof item?.template === 'string' ? (item.template as ChecklistTemplate) : undefined,
    checked: item?.checked instanceof Set ? (item.checked as Set<string>) : new Set(),
    createdAt: typeof item?.createdAt === 'string' ? item.createdAt : undefined,
  };
}

function addedItemOf(item: Record<string, unknown>): ChecklistItem {
  return { id: String(item.id), section: item.section as ChecklistSection, text: String(item.text), checked: item.checked === true, added: true };
}

/** The checklist's own item: the template stays the one first written (if_not_exists). */
function checklistUpdate(sub: string, eventId: string, template: ChecklistTemplate, now: string) {
  return {
    Key: checklistKey(sub, eventId),
    set: 'entity = :entity, eventId = :eventId, #template = if_not_exists(#template, :template), createdAt = if_not_exists(createdAt, :now), updatedAt = :now',
    names: { '#template': 'template' },
    values: { ':entity': 'race-checklist', ':eventId': eventId, ':template': template, ':now': now },
  };
}

/** Attempts of a write that lost a race with another write of the same checklist (a transaction in flight). */
const WRITE_ATTEMPTS = 5;
const retryingLostRaces = <T>(write: () => Promise<T>) => retryingConflicts(write, { attempts: WRITE_ATTEMPTS, retryOn: lostToTransactionInFlight });

/**
 * The checklist as the athlete sees it: `template` (the one for the race today) until they first change it,
 * then the template stored with it.
 */
export async function getRaceChecklist(sub: string, eventId: string, template: ChecklistTemplate): Promise<Checklist> {
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': userPk(sub), ':sk': checklistSk(eventId) },
    ConsistentRead: true,
  });
  const head = Items.find((item) => item.SK === checklistSk(eventId));
  const stored = storedChecklistOf(head);
  const inForce = stored.template ?? template;
  const added = Items.filter((item) => item !== head).map(addedItemOf);
  return {
    eventId,
    template: inForce,
    startedAt: stored.createdAt ?? null,
    items: [...CHECKLIST_TEMPLATE_ITEMS[inForce].map((item) => ({ ...item, checked: stored.checked.has(item.id), added: false })), ...added],
  };
}

/** Ticks or unticks an item: a template item (by slug) in the checklist's set, or an added one (by ULID) on its own item. */
export async function setChecklistItemChecked(
  sub: string,
  eventId: string,
  itemId: string,
  checked: boolean,
  template: ChecklistTemplate,
  now = new Date(),
): Promise<ChecklistItem> {
  if (ULID_PATTERN.test(itemId)) {
    try {
      const { Attributes } = await retryingLostRaces(() =>
        table.update({
          Key: addedItemKey(sub, eventId, itemId),
          UpdateExpression: 'SET #checked = :checked',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#checked': 'checked' },
          ExpressionAttributeValues: { ':checked': checked },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return addedItemOf(Attributes!);
    } catch (error) {
      if (isConditionFailure(error)) throw new ChecklistItemNotFoundError();
      throw error;
    }
  }

  const { Item } = await table.get({ Key: checklistKey(sub, eventId), ConsistentRead: true });
  const inForce = storedChecklistOf(Item).template ?? template;
  const item = CHECKLIST_TEMPLATE_ITEMS[inForce].find((candidate) => candidate.id === itemId);
  if (!item) throw new ChecklistItemNotFoundError();
  const update = checklistUpdate(sub, eventId, inForce, now.toISOString());
  try {
    await retryingLostRaces(() =>
      table.update({
        Key: update.Key,
        UpdateExpression: `SET ${update.set} ${checked ? 'ADD' : 'DELETE'} #checked :ids`,
        // The template this tick was checked against is still the one in force (it is fixed once written).
        ConditionExpression: 'attribute_not_exists(#template) OR #template = :template',
        ExpressionAttributeNames: { ...update.names, '#checked': 'checked' },
        ExpressionAttributeValues: { ...update.values, ':ids': new Set([itemId]) },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('Your checklist changed in another window. Reload it to see the latest.');
    throw error;
  }
  return { ...item, checked, added: false };
}

export const ADDED_LIMIT_MESSAGE = `A checklist holds up to ${CHECKLIST_ADDED_MAX} items of your own. Remove one to add another.`;

/** Adds an item of the athlete's own, unticked, at the end of its section; the limit is kept by the checklist's counter. */
export async function addChecklistItem(
  sub: string,
  eventId: string,
  input: NewChecklistItem,
  template: ChecklistTemplate,
  now = new Date(),
): Promise<ChecklistItem> {
  const id = ulid(now.getTime());
  const item: ChecklistItem = { id, section: input.section, text: input.text, checked: false, added: true };
  const update = checklistUpdate(sub, eventId, template, now.toISOString());
  await transact(
    () => [
      {
        Update: {
          Key: update.Key,
          UpdateExpression: `SET ${update.set} ADD addedCount :one`,
          ConditionExpression: 'attribute_not_exists(addedCount) OR addedCount < :max',
          ExpressionAttributeNames: update.names,
          ExpressionAttributeValues: { ...update.values, ':one': 1, ':max': CHECKLIST_ADDED_MAX },
        },
        ifConditionFails: () => new ConflictError(ADDED_LIMIT_MESSAGE),
      },
      {
        Put: {
          Item: { ...addedItemKey(sub, eventId, id), entity: 'race-checklist-item', ...item, createdAt: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ],
    { attempts: WRITE_ATTEMPTS },
  );
  return item;
}

/** Removes an item the athlete added; the template's items cannot be removed (they can be left unticked). */
export async function removeChecklistItem(sub: string, eventId: string, itemId: string, now = new Date()): Promise<void> {
  if (!ULID_PATTERN.test(itemId)) {
    throw new BadRequestError("Items that come with the race's checklist cannot be removed, only ticked or left unticked. You can remove the items you added.");
  }
  await transact(
    () => [
      { Delete: { Key: addedItemKey(sub, eventId, itemId), ConditionExpression: 'attribute_exists(PK)' }, ifConditionFails: () => new ChecklistItemNotFoundError() },
      {
        Update: {
          Key: checklistKey(sub, eventId),
          UpdateExpression: 'SET updatedAt = :now ADD addedCount :minusOne',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':minusOne': -1 },
        },
      },
    ],
    { attempts: WRITE_ATTEMPTS },
  );
}
