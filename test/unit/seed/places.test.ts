import { describe, expect, it } from 'vitest';
import { PLACES, SWIM_KINDS, VENUE_TERRAINS } from '../../../infra/local/seed/places.ts';
import { TERRAIN_TYPES } from '#shared/event-vocabulary';
import { STATE_CODES, type StateCode } from '#shared/us-states';
import { insideState, zipBelongsTo } from './state-geography.ts';

const entries = Object.entries(PLACES) as [StateCode, (typeof PLACES)[StateCode]][];
const allPlaces = entries.flatMap(([state, { places }]) => places.map((place) => ({ state, ...place })));

describe('seed places', () => {
  it('covers exactly the 50 states and DC', () => {
    expect(Object.keys(PLACES).sort()).toEqual([...STATE_CODES].sort());
  });

  it('has four to eight places in every state', () => {
    for (const [state, { places }] of entries) {
      expect(places.length, state).toBeGreaterThanOrEqual(4);
      expect(places.length, state).toBeLessThanOrEqual(8);
    }
  });

  it('places every city inside its state', () => {
    const outside = allPlaces.filter((place) => !insideState(place.state, place.latitude, place.longitude, 0.05));
    expect(outside.map((place) => `${place.city}, ${place.state}`)).toEqual([]);
  });

  it('gives every city a ZIP code of its own state', () => {
    const wrong = allPlaces.filter((place) => !zipBelongsTo(place.state, place.zipCode));
    expect(wrong.map((place) => `${place.city}, ${place.state} ${place.zipCode}`)).toEqual([]);
  });

  it('gives every city at least two distinct venues', () => {
    for (const place of allPlaces) {
      const names = place.venues.map((venue) => venue.name);
      expect(new Set(names).size, `${place.city}, ${place.state}`).toBe(names.length);
      expect(names.length, `${place.city}, ${place.state}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('has open water in every state, so each can host a triathlon', () => {
    for (const [state, { places }] of entries) {
      expect(places.some((place) => place.venues.some((venue) => SWIM_KINDS.has(venue.kind))), state).toBe(true);
    }
  });

  it('offers every terrain somewhere', () => {
    const terrains = new Set(allPlaces.flatMap((place) => place.venues.flatMap((venue) => VENUE_TERRAINS[venue.kind])));
    expect([...terrains].sort()).toEqual([...TERRAIN_TYPES].sort());
  });

  it('includes cities whose names need accent folding to search', () => {
    const cities = new Set(allPlaces.map((place) => place.city));
    for (const name of ['Española', "Coeur d'Alene", 'Cañon City', 'La Cañada Flintridge']) expect(cities.has(name), name).toBe(true);
  });
});
