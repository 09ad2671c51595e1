import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates';
import { effortReserve, loadDays, rampRate, workoutLoadTenths } from '#shared/training/training-load';

describe('a workout’s load', () => {
  it('is TRIMP from the heart rate a recording has, else from the effort, on one scale; nothing without a duration', () => {
    // An hour at 60% of heart-rate reserve (138 bpm between 60 and 190): 60 x 0.6 x 0.64 x e^(1.152) = 72.9.
    expect(workoutLoadTenths({ recording: { movingSeconds: 3600, avgHeartRate: 138 } })).toBe(729);
    // Effort 10 stands for 0.95 of the reserve, effort 1 for 0.4; no effort counts as moderate (5).
    expect(effortReserve(10)).toBeCloseTo(0.95, 10);
    expect(effortReserve(1)).toBeCloseTo(0.4, 10);
    expect(workoutLoadTenths({ durationMinutes: 60 })).toBe(workoutLoadTenths({ durationMinutes: 60, effortLevel: 5 }));
    expect(workoutLoadTenths({ durationMinutes: 60, effortLevel: 8 })).toBeGreaterThan(workoutLoadTenths({ durationMinutes: 60, effortLevel: 4 }) * 1.8);
    // A recording's moving time, not the whole minutes the entry keeps.
    expect(workoutLoadTenths({ durationMinutes: 99, recording: { movingSeconds: 3600, avgHeartRate: 138 } })).toBe(729);
    expect(workoutLoadTenths({ effortLevel: 9 })).toBe(0);
  });
});

describe('fitness, fatigue and form', () => {
  const since = '2026-01-01';
  const every = (days: number, load: number, from = since) => new Map(Array.from({ length: days }, (_, index) => [addDays(from, index), load]));

  it('settle at a steady load, with form at zero', () => {
    const days = loadDays(every(400, 80), since, addDays(since, 399), addDays(since, 399));
    expect(days).toHaveLength(1);
    expect(days[0]!.fitness).toBeCloseTo(80, 0);
    expect(days[0]!.fatigue).toBeCloseTo(80, 0);
    expect(days[0]!.form).toBeCloseTo(0, 0);
  });

  it('rise fatigue faster than fitness in a hard block, and rest turns form positive; the ramp rate is a week’s fitness gained', () => {
    const block = every(14, 120);
    const days = loadDays(block, since, since, addDays(since, 27));
    const endOfBlock = days[13]!;
    expect(endOfBlock.fatigue).toBeGreaterThan(endOfBlock.fitness);
    expect(endOfBlock.form).toBeLessThan(0);
    expect(days.at(-1)!.form).toBeGreaterThan(0);
    expect(rampRate(days.slice(0, 14))).toBeCloseTo(days[13]!.fitness - days[6]!.fitness, 5);
    expect(rampRate(days.slice(0, 7))).toBeUndefined();
  });

  it('counts the days before the first shown, so the first day starts from the history', () => {
    const loads = every(60, 100);
    const warmed = loadDays(loads, since, addDays(since, 59), addDays(since, 59))[0]!;
    const cold = loadDays(loads, addDays(since, 59), addDays(since, 59), addDays(since, 59))[0]!;
    expect(warmed.fitness).toBeGreaterThan(cold.fitness * 10);
  });
});
