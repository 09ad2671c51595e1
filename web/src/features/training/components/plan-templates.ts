/**
 * The hub's six plan cards (spec 001's sample plans), each a starting point for the generator. The generator
 * plans running races, so spec 001's Sprint Triathlon card is a 10K plan here and the Obstacle Race card a
 * 10K running base (the run is what most obstacle courses test); the cards say so.
 */
import type { PlanLevel, RaceDistance } from '#shared/schemas/training-plan';

export interface PlanTemplate {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly raceDistance: RaceDistance;
  readonly weeks: 8 | 12 | 16 | 20;
  readonly daysPerWeek: number;
  readonly level: PlanLevel;
}

export const PLAN_TEMPLATES: readonly PlanTemplate[] = [
  { id: '5k', name: '5K Plan', description: 'From easy running to a strong 5K: short runs, one quality session a week.', raceDistance: '5k', weeks: 8, daysPerWeek: 3, level: 'beginner' },
  { id: '10k', name: '10K Plan', description: 'Build to 10K with tempo runs and a weekly long run.', raceDistance: '10k', weeks: 12, daysPerWeek: 4, level: 'intermediate' },
  { id: 'half', name: 'Half Marathon', description: 'A long run that grows to 16 km or more, with recovery weeks built in.', raceDistance: 'half', weeks: 12, daysPerWeek: 4, level: 'intermediate' },
  { id: 'marathon', name: 'Marathon', description: 'Base, build, peak and a taper that brings you to the line fresh.', raceDistance: 'marathon', weeks: 16, daysPerWeek: 5, level: 'intermediate' },
  { id: '50k', name: 'Ultra Trail 50K', description: 'Long, patient volume for your first ultra, with hills and a 3-week taper.', raceDistance: '50k', weeks: 20, daysPerWeek: 6, level: 'advanced' },
  { id: 'obstacle', name: 'Obstacle Race', description: 'A 10K running base for a 5-10 km obstacle course: the run is most of the race.', raceDistance: '10k', weeks: 8, daysPerWeek: 4, level: 'intermediate' },
];
