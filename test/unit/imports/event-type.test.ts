import { describe, expect, it } from 'vitest';
import { classifyRace, mapSourceEventType } from '#imports/normalize/event-type';

const classify = (sourceTypes: string[], names: string[], distances: string[] = []) => classifyRace({ sourceTypes, names, distances });

describe('event type and terrain of imported races', () => {
  it('maps RunSignup event types onto the product types', () => {
    expect(mapSourceEventType('running_race')).toBe('road_race');
    expect(mapSourceEventType('trail_race')).toBe('trail_race');
    expect(mapSourceEventType('triathlon')).toBe('triathlon');
    expect(mapSourceEventType('duathlon')).toBe('duathlon');
    expect(mapSourceEventType('bike_race')).toBe('cycling');
    expect(mapSourceEventType('obstacle_course')).toBe('obstacle_race');
    expect(mapSourceEventType('virtual_race')).toBe('other');
    expect(mapSourceEventType('Walking Only')).toBe('fun_run');
    expect(mapSourceEventType('curling')).toBeUndefined();
    expect(mapSourceEventType(undefined)).toBeUndefined();
  });

  it('makes a running race named Trail a trail race on trails', () => {
    expect(classify(['running_race'], ['Bear Creek Trail Half'])).toEqual({ eventType: 'trail_race', terrainType: 'trail' });
  });

  it('lifts a trail race with mountain words onto mountain terrain', () => {
    expect(classify(['trail_race'], ['Pikes Peak Summit Challenge'])).toEqual({ eventType: 'trail_race', terrainType: 'mountain' });
  });

  it('makes a running race of 50K or more, or named Ultra, an ultra marathon', () => {
    expect(classify(['running_race'], ['Lake Tahoe Shoreline Runs'], ['Half Marathon', '50K']).eventType).toBe('ultra_marathon');
    expect(classify(['running_race'], ['Moab Ultra'], []).eventType).toBe('ultra_marathon');
    expect(classify(['running_race'], ['Fall Marathon'], ['Marathon']).eventType).toBe('road_race');
  });

  it('lets the most specific source type name a race with several', () => {
    expect(classify(['running_race', 'triathlon'], ['Lake Day'])).toMatchObject({ eventType: 'triathlon' });
    expect(classify(['bike_race', 'running_race'], ['Gravel and Run'])).toMatchObject({ eventType: 'cycling', terrainType: 'mixed' });
  });

  it('never lets a name overrule a source triathlon or cycling type', () => {
    expect(classify(['triathlon'], ['Trail Tri'])).toMatchObject({ eventType: 'triathlon' });
    expect(classify(['bike_race'], ['Ultra Century'])).toMatchObject({ eventType: 'cycling' });
  });

  it('reads names when the source type is unknown or virtual', () => {
    expect(classify([], ['Muddy Buddy Mud Run'])).toEqual({ eventType: 'obstacle_race', terrainType: 'mixed' });
    expect(classify(['other'], ['Harvest Fun Run'])).toMatchObject({ eventType: 'fun_run' });
    expect(classify(['virtual_race'], ['Virtual Gratitude 5K'])).toEqual({ eventType: 'other', terrainType: 'road' });
    expect(classify([], ['Main Street Mile'])).toEqual({ eventType: 'road_race', terrainType: 'road' });
  });

  it('keeps a road race with a walk option a road race', () => {
    expect(classify(['running_race'], ['Turkey Trot', '5K Run/Walk'])).toEqual({ eventType: 'road_race', terrainType: 'road' });
  });

  it('puts beach runs on the beach but not every race in a town named Beach', () => {
    expect(classify(['running_race'], ['Outer Banks Beach Run'])).toMatchObject({ terrainType: 'beach' });
    expect(classify(['running_race'], ['Virginia Beach Marathon'])).toMatchObject({ terrainType: 'road' });
  });
});
