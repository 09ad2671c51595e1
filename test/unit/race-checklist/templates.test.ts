import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, TERRAIN_TYPES, type EventType, type TerrainType } from '#shared/event-vocabulary';
import { CHECKLIST_TEMPLATE_ITEMS, checklistTemplateFor } from '#shared/race-checklist/templates';
import { CHECKLIST_ITEM_TEXT_MAX, CHECKLIST_SECTIONS, CHECKLIST_TEMPLATES, TEMPLATE_ITEM_ID_SOURCE } from '#shared/race-checklist/vocabulary';
import { ChecklistItemIdSchema } from '#shared/schemas/race-checklist';

const race = (eventType: EventType, terrainType: TerrainType = 'road', distances: string[] = ['10K']) => ({ eventType, terrainType, distances });

describe('checklist templates', () => {
  it.each(CHECKLIST_TEMPLATES)('%s: every section has items; ids are unique slugs; texts fit an added item', (template) => {
    const items = CHECKLIST_TEMPLATE_ITEMS[template];
    for (const section of CHECKLIST_SECTIONS) expect(items.filter((item) => item.section === section).length).toBeGreaterThanOrEqual(3);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) {
      expect(item.id).toMatch(new RegExp(`^${TEMPLATE_ITEM_ID_SOURCE}$`));
      expect(ChecklistItemIdSchema.safeParse(item.id).success).toBe(true);
      expect(item.text.length).toBeLessThanOrEqual(CHECKLIST_ITEM_TEXT_MAX);
    }
  });

  it('keeps one wording per id across templates, so a tick means the same thing wherever it is', () => {
    const texts = new Map<string, string>();
    for (const template of CHECKLIST_TEMPLATES) {
      for (const item of CHECKLIST_TEMPLATE_ITEMS[template]) {
        expect(texts.get(item.id) ?? item.text, item.id).toBe(item.text);
        texts.set(item.id, item.text);
      }
    }
  });

  it('packs for the legs of the race: swim gear for a triathlon only, a bike for multisport and cycling, a headlamp for ultras', () => {
    const ids = (template: (typeof CHECKLIST_TEMPLATES)[number]) => CHECKLIST_TEMPLATE_ITEMS[template].map((item) => item.id);
    expect(ids('triathlon')).toEqual(expect.arrayContaining(['wetsuit', 'goggles', 'helmet', 'race-belt', 'transition']));
    expect(ids('duathlon')).toEqual(expect.arrayContaining(['helmet', 'race-belt', 'transition']));
    expect(ids('duathlon')).not.toContain('wetsuit');
    expect(ids('cycling')).toEqual(expect.arrayContaining(['helmet', 'repair-kit']));
    expect(ids('ultra')).toEqual(expect.arrayContaining(['headlamp', 'drop-bags', 'cutoffs']));
    expect(ids('trail')).toEqual(expect.arrayContaining(['trail-shoes', 'hydration-pack']));
    expect(ids('road')).not.toContain('helmet');
    expect(ids('obstacle')).toEqual(expect.arrayContaining(['waiver', 'change']));
  });
});

describe('checklistTemplateFor', () => {
  it.each([
    [race('road_race'), 'road'],
    [race('trail_race', 'trail'), 'trail'],
    [race('triathlon'), 'triathlon'],
    [race('duathlon'), 'duathlon'],
    [race('cycling'), 'cycling'],
    [race('obstacle_race', 'mixed', ['5K']), 'obstacle'],
    [race('ultra_marathon', 'trail', ['Last One Standing']), 'ultra'],
    // A road or trail race whose every distance is an ultra gets the ultra list...
    [race('trail_race', 'trail', ['50K', '100 Miles']), 'ultra'],
    [race('road_race', 'road', ['100K']), 'ultra'],
    // ...but one that offers a shorter distance too is for the many who run that.
    [race('trail_race', 'trail', ['25K', '50K']), 'trail'],
    [race('road_race', 'road', []), 'road'],
    // Fun runs and other events go by their terrain.
    [race('fun_run', 'road', ['5K']), 'road'],
    [race('fun_run', 'trail', ['5K']), 'trail'],
    [race('other', 'mountain'), 'trail'],
    [race('other', 'beach'), 'road'],
  ] as const)('%j -> %s', (event, template) => {
    expect(checklistTemplateFor(event)).toBe(template);
  });

  it('gives every event type on every terrain a template', () => {
    for (const eventType of EVENT_TYPES) {
      for (const terrainType of TERRAIN_TYPES) expect(CHECKLIST_TEMPLATES).toContain(checklistTemplateFor(race(eventType, terrainType)));
    }
  });
});
