/**
 * The words of race checklists: sections, templates (one per kind of race), limits and item ids. Plain
 * constants with no zod, so the checklist page can use them without the schema library (schemas/race-checklist.ts
 * builds its enums from these).
 */

/** In the order the page shows them: what to pack, what to eat, what to arrange, and the morning itself. */
export const CHECKLIST_SECTIONS = ['gear', 'nutrition', 'logistics', 'race_morning'] as const;
export type ChecklistSection = (typeof CHECKLIST_SECTIONS)[number];

export const CHECKLIST_SECTION_LABELS: Readonly<Record<ChecklistSection, string>> = {
  gear: 'Gear',
  nutrition: 'Nutrition',
  logistics: 'Logistics',
  race_morning: 'Race morning',
};

export const CHECKLIST_TEMPLATES = ['road', 'trail', 'ultra', 'triathlon', 'duathlon', 'cycling', 'obstacle'] as const;
export type ChecklistTemplate = (typeof CHECKLIST_TEMPLATES)[number];

export const CHECKLIST_TEMPLATE_LABELS: Readonly<Record<ChecklistTemplate, string>> = {
  road: 'Road race',
  trail: 'Trail race',
  ultra: 'Ultra',
  triathlon: 'Triathlon',
  duathlon: 'Duathlon',
  cycling: 'Cycling event',
  obstacle: 'Obstacle race',
};

/** The longest item an athlete may add: a line, not a note. */
export const CHECKLIST_ITEM_TEXT_MAX = 120;
/** Items an athlete may add to one checklist, on top of the template's. */
export const CHECKLIST_ADDED_MAX = 30;

/**
 * A template item's id is a lower-case slug ('race-belt'); an item the athlete added has a ULID. The two never
 * look alike, so an id alone says which kind of item it names.
 */
export const TEMPLATE_ITEM_ID_SOURCE = '[a-z][a-z0-9-]{1,39}';
