import { ulid } from 'ulid';
import type { RaceEvent } from '#shared/schemas/event';

/**
 * A new verified event for tests to write through the event store: a fresh id and timestamps and the fields
 * every event carries. Each test file passes what its own queries pin down (title marker, place, date).
 */
export function testRaceEvent(fields: Partial<RaceEvent> & Pick<RaceEvent, 'title' | 'eventDate'>): RaceEvent {
  const now = new Date().toISOString();
  return {
    id: ulid(),
    eventType: 'road_race',
    terrainType: 'road',
    locationName: 'Main Street',
    city: 'Laramie',
    state: 'WY',
    country: 'US',
    distances: ['5K'],
    tags: [],
    featured: false,
    verified: true,
    source: 'manual',
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}
