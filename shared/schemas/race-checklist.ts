/**
 * Race checklists: one per race the athlete has saved, from the template for its kind of race, with their
 * ticks and the items they add. See shared/race-checklist/ for the sections, templates and limits.
 */
import * as z from 'zod';
import { ULID_SOURCE } from '../ids.ts';
import {
  CHECKLIST_ITEM_TEXT_MAX,
  CHECKLIST_SECTIONS,
  CHECKLIST_TEMPLATES,
  TEMPLATE_ITEM_ID_SOURCE,
} from '../race-checklist/vocabulary.ts';
import { IsoDateTimeSchema, UlidSchema, requiredText } from './common.ts';

export const ChecklistPathSchema = z.strictObject({ eventId: UlidSchema });

/** A template item's slug or an added item's ULID. */
export const ChecklistItemIdSchema = z.string().regex(new RegExp(`^(?:${TEMPLATE_ITEM_ID_SOURCE}|${ULID_SOURCE})$`), 'must be a checklist item id');

export const ChecklistItemPathSchema = z.strictObject({ eventId: UlidSchema, itemId: ChecklistItemIdSchema });

export const ChecklistItemPatchSchema = z.strictObject({ checked: z.boolean({ message: 'checked must be true or false' }) });
export type ChecklistItemPatch = z.infer<typeof ChecklistItemPatchSchema>;

const SectionSchema = z.enum(CHECKLIST_SECTIONS, { message: `section must be one of ${CHECKLIST_SECTIONS.join(', ')}` });

export const NewChecklistItemSchema = z.strictObject({
  text: requiredText('Item', CHECKLIST_ITEM_TEXT_MAX),
  section: SectionSchema,
});
export type NewChecklistItem = z.infer<typeof NewChecklistItemSchema>;

export const ChecklistItemSchema = z.object({
  id: ChecklistItemIdSchema,
  section: SectionSchema,
  text: z.string(),
  checked: z.boolean(),
  /** Added by the athlete (and so removable), rather than from the template. */
  added: z.boolean(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

export const ChecklistSchema = z.object({
  eventId: UlidSchema,
  template: z.enum(CHECKLIST_TEMPLATES),
  /** When the athlete first ticked or added something; null while it is the template as it comes. */
  startedAt: IsoDateTimeSchema.nullable(),
  /** The template's items in its order, then the athlete's in the order they were added. */
  items: z.array(ChecklistItemSchema),
});
export type Checklist = z.infer<typeof ChecklistSchema>;
