import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoWeekday } from '../../../shared/dates.ts';
import {
  GeneratedPlanSchema,
  NewTrainingPlanSchema,
  PLAN_LEVELS,
  PLAN_WEEKS,
  RACE_DISTANCES,
  WEEKDAYS,
  type GeneratedPlan,
  type PlanWorkout,
} from '../../../shared/schemas/training-plan.ts';
import { planViolations } from '../../../shared/training/plan-check.ts';
import { generatePlan, type PlanRequest } from '../../../shared/training/plan-generator.ts';
import { NON_RUNNING_TYPES, RACE_KM } from '../../../shared/training/plan-rules.ts';

/** A Wednesday: every plan starts on Monday 2026-03-09. */
const TODAY = '2026-03-04';
const FIRST_MONDAY = '2026-03-09';

const LOW_HISTORY = { currentWeeklyKm: 10, longestRunKm: 5 };

function planFor(request: PlanRequest): GeneratedPlan {
  const outcome = generatePlan(request);
  if (!outcome.ok) throw new Error(`Expected a plan, got a refusal: ${outcome.reason}`);
  return outcome.plan;
}

/** The same request with a race date in place of a plan length. */
function withRaceDate(request: PlanRequest, targetDate: string): PlanRequest {
  const { weeks: _weeks, ...rest } = request;
  return { ...rest, targetDate };
}

const sumKm = (workouts: PlanWorkout[]) => Math.round(10 * workouts.filter((workout) => !NON_RUNNING_TYPES.has(workout.type)).reduce((total, workout) => total + workout.distanceKm, 0)) / 10;

/** What the grid holds every plan to besides the rules: its shape, its race and its weeks. */
function expectWellFormed(plan: GeneratedPlan, weeks: number, raceDate: string) {
  expect(GeneratedPlanSchema.safeParse(plan).success).toBe(true);
  expect(plan.startDate).toBe(FIRST_MONDAY);
  expect(plan.weeks).toHaveLength(weeks);
  expect(plan.raceDate).toBe(raceDate);
  plan.weeks.forEach((week, index) => {
    expect(week.startDate).toBe(addDays(FIRST_MONDAY, 7 * index));
    expect(sumKm(week.workouts)).toBe(week.plannedKm);
    for (const workout of week.workouts) {
      expect(daysBetween(week.startDate, workout.date)).toBeGreaterThanOrEqual(0);
      expect(daysBetween(week.startDate, workout.date)).toBeLessThanOrEqual(6);
      expect(workout.description).toMatch(/^Warm-up: .+ Main: .+ Cool-down: .+/);
    }
  });
  const workouts = plan.weeks.flatMap((week) => week.workouts);
  const races = workouts.filter((workout) => workout.type === 'race');
  expect(races).toHaveLength(1);
  expect(workouts.at(-1)).toMatchObject({ type: 'race', date: raceDate, distanceKm: RACE_KM[plan.raceDistance] });
  expect(plan.weeks.at(-1)?.workouts).toContain(races[0]);
}

describe('generatePlan across the grid', () => {
  it('keeps every rule, or refuses with the first race date that works, for 480 requests', () => {
    let plans = 0;
    let refusals = 0;
    let violations = 0;
    for (const raceDistance of RACE_DISTANCES) {
      for (const level of PLAN_LEVELS) {
        for (const weeks of PLAN_WEEKS) {
          for (const daysPerWeek of [3, 4, 5, 6]) {
            for (const history of [{}, LOW_HISTORY]) {
              const request: PlanRequest = { raceDistance, level, weeks, daysPerWeek, today: TODAY, ...history };
              const raceDate = addDays(FIRST_MONDAY, 7 * (weeks - 1) + 6);
              const outcome = generatePlan(request);
              if (outcome.ok) {
                plans++;
                const found = planViolations(outcome.plan);
                violations += found.length;
                expect(found, JSON.stringify(request)).toEqual([]);
                expectWellFormed(outcome.plan, weeks, raceDate);
                continue;
              }
              refusals++;
              expect(outcome.reason).toMatch(/\d/);
              const earliestDate = outcome.earliestDate ?? '';
              expect(earliestDate > raceDate, `${JSON.stringify(request)}: ${outcome.reason}`).toBe(true);
              const later = planFor(withRaceDate(request, earliestDate));
              expect(planViolations(later)).toEqual([]);
              expect(later.raceDate).toBe(earliestDate);
              expect(generatePlan(withRaceDate(request, addDays(earliestDate, -7))).ok).toBe(false);
            }
          }
        }
      }
    }
    console.log(`plan grid: ${plans + refusals} inputs, ${plans} plans, ${refusals} refusals, ${violations} violations`);
    expect(plans + refusals).toBe(480);
  }, 120_000);

  it('plans the typical requests rather than refusing them', () => {
    const typical: PlanRequest[] = [
      { raceDistance: 'half', level: 'intermediate', weeks: 12, daysPerWeek: 4, today: TODAY },
      { raceDistance: '5k', level: 'beginner', weeks: 8, daysPerWeek: 3, today: TODAY },
      { raceDistance: '10k', level: 'intermediate', weeks: 8, daysPerWeek: 5, today: TODAY },
      { raceDistance: 'marathon', level: 'advanced', weeks: 16, daysPerWeek: 5, today: TODAY },
      { raceDistance: 'marathon', level: 'advanced', weeks: 20, daysPerWeek: 5, today: TODAY },
    ];
    for (const request of typical) expect(planViolations(planFor(request))).toEqual([]);
  });
});

/** The km run besides the race in race week: the 6 days before the race, whichever calendar weeks they fall in. */
function raceWeekKm(plan: GeneratedPlan): number {
  const first = addDays(plan.raceDate, -6);
  const workouts = plan.weeks.flatMap((week) => week.workouts).filter((workout) => workout.date >= first && workout.date < plan.raceDate);
  return sumKm(workouts);
}

describe('generatePlan on every race weekday', () => {
  it('plans a race on each day of the week at 3 to 6 days a week', () => {
    // 24 weeks: from the intermediate defaults (30 km a week), a marathon at 5-6 days needs 23 weeks whatever the
    // weekday, as its 29 km long run may be only 35% of the week (rule 4); 20 weeks is enough for the rest.
    const weeks = 24;
    let plans = 0;
    let violations = 0;
    for (const raceDistance of ['5k', 'half', 'marathon'] as const) {
      for (const daysPerWeek of [3, 4, 5, 6]) {
        WEEKDAYS.forEach((weekday, weekdayIndex) => {
          const raceDate = addDays(FIRST_MONDAY, 7 * (weeks - 1) + weekdayIndex);
          const plan = planFor({ raceDistance, level: 'intermediate', targetDate: raceDate, daysPerWeek, today: TODAY });
          const found = planViolations(plan);
          violations += found.length;
          expect(found, `${raceDistance} on a ${weekday} at ${daysPerWeek} days`).toEqual([]);
          expectWellFormed(plan, weeks, raceDate);
          plans++;
        });
      }
    }
    console.log(`weekday sweep: ${plans} requests (7 weekdays × 3-6 days × 5k, half, marathon), ${plans} plans, ${violations} violations`);
    expect(plans).toBe(84);
  });

  it('plans a Monday marathon 16 weeks or more out from the intermediate defaults', () => {
    const byLength = planFor({ raceDistance: 'marathon', level: 'intermediate', weeks: 20, daysPerWeek: 4, longRunDay: 'monday', today: TODAY });
    const byDate = planFor({ raceDistance: 'marathon', level: 'intermediate', targetDate: '2026-07-06', daysPerWeek: 4, today: TODAY });
    for (const plan of [byLength, byDate]) {
      expect(isoWeekday(plan.raceDate)).toBe(0);
      expect(planViolations(plan)).toEqual([]);
      // Race week is the Tuesday to Sunday before the race: the race's calendar week holds the race alone.
      expect(plan.weeks.at(-1)?.workouts.map((workout) => workout.type)).toEqual(['race']);
      expect(plan.weeks.slice(-2).map((week) => week.phase)).toEqual(['taper', 'taper']);
      const peakKm = Math.max(...plan.weeks.filter((week) => week.phase !== 'taper').map((week) => week.plannedKm));
      expect(raceWeekKm(plan) / peakKm).toBeGreaterThanOrEqual(0.4);
      expect(raceWeekKm(plan) / peakKm).toBeLessThanOrEqual(0.6);
    }
    expect(byLength.raceDate).toBe(addDays(FIRST_MONDAY, 7 * 19));
    expect(byDate.weeks).toHaveLength(18);
  });

  it('plans a race on any weekday whenever it plans one on the Sunday before it', () => {
    // Race week starting in the calendar week before the race's costs the build no week: that week was race week's
    // already for the Sunday before, and the taper's length follows the whole weeks up to race day.
    for (const raceDistance of RACE_DISTANCES) {
      for (const daysPerWeek of [3, 4, 5, 6]) {
        for (const weeks of [8, 16]) {
          const sundayBefore = addDays(FIRST_MONDAY, 7 * (weeks - 1) - 1);
          const request: PlanRequest = { raceDistance, level: 'intermediate', targetDate: sundayBefore, daysPerWeek, today: TODAY };
          if (!generatePlan(request).ok) continue;
          for (let days = 1; days <= 6; days++) {
            const outcome = generatePlan(withRaceDate(request, addDays(sundayBefore, days)));
            expect(outcome.ok && planViolations(outcome.plan), `${raceDistance}, ${daysPerWeek} days, ${days} days after ${sundayBefore}`).toEqual([]);
          }
        }
      }
    }
  });

  it('plans by length with a Monday or Tuesday long run day', () => {
    for (const longRunDay of ['monday', 'tuesday'] as const) {
      for (const weeks of PLAN_WEEKS) {
        const plan = planFor({ raceDistance: 'half', level: 'intermediate', weeks, daysPerWeek: 4, longRunDay, today: TODAY });
        expect(planViolations(plan)).toEqual([]);
        expect(isoWeekday(plan.raceDate)).toBe(WEEKDAYS.indexOf(longRunDay));
      }
    }
  });

  it('refuses a race whose taper leaves no week to build, and names the first that works', () => {
    const request: PlanRequest = { raceDistance: 'half', level: 'intermediate', targetDate: '2026-03-23', daysPerWeek: 4, currentWeeklyKm: 40, longestRunKm: 16, today: TODAY };
    const outcome = generatePlan(request);
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringContaining('no week to build up in before the taper'), earliestDate: '2026-03-30' });
    expect(planViolations(planFor(withRaceDate(request, '2026-03-30')))).toEqual([]);
  });
});

describe('generatePlan', () => {
  const halfRequest: PlanRequest = { raceDistance: 'half', level: 'intermediate', weeks: 12, daysPerWeek: 4, today: TODAY };

  it('gives the same plan for the same request', () => {
    expect(generatePlan(halfRequest)).toEqual(generatePlan(halfRequest));
  });

  it('starts on the first Monday on or after today', () => {
    expect(planFor({ ...halfRequest, today: '2026-03-09' }).startDate).toBe('2026-03-09');
    expect(planFor({ ...halfRequest, today: '2026-03-15' }).startDate).toBe('2026-03-16');
  });

  it('puts every long run and the race on the long run day', () => {
    const plan = planFor({ ...halfRequest, longRunDay: 'saturday' });
    const longRuns = plan.weeks.flatMap((week) => week.workouts).filter((workout) => workout.type === 'long_run');
    expect(longRuns.length).toBeGreaterThan(8);
    for (const longRun of longRuns) expect(isoWeekday(longRun.date)).toBe(5);
    expect(plan.raceDate).toBe(addDays(FIRST_MONDAY, 7 * 11 + 5));
    expect(plan.longRunDay).toBe('saturday');
  });

  it('runs to a race date: weeks up to the week holding it, nothing after the race', () => {
    const plan = planFor(withRaceDate(halfRequest, '2026-06-13'));
    expect(plan.weeks).toHaveLength(14);
    expect(plan.raceDate).toBe('2026-06-13');
    expect(planViolations(plan)).toEqual([]);
    const lastWorkout = plan.weeks.at(-1)?.workouts.at(-1);
    expect(lastWorkout).toMatchObject({ type: 'race', date: '2026-06-13', distanceKm: 21.1 });
  });

  it('refuses a race date too close and names the first that works', () => {
    const outcome = generatePlan({ raceDistance: '5k', level: 'beginner', targetDate: '2026-03-20', daysPerWeek: 3, today: TODAY });
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringContaining('too soon') });
    const earliestDate = outcome.ok ? '' : (outcome.earliestDate ?? '');
    // Two full weeks before the race's week would do for the calendar, but a Friday race's two taper weeks (the week
    // before race week, then race week, which starts in the week before the race's) then leave no week to build in.
    expect(earliestDate).toBe('2026-04-03');
    expect(generatePlan({ raceDistance: '5k', level: 'beginner', targetDate: earliestDate, daysPerWeek: 3, today: TODAY }).ok).toBe(true);
  });

  it('says with numbers why a race date is too early for the long run', () => {
    const outcome = generatePlan({ raceDistance: 'marathon', level: 'intermediate', weeks: 12, daysPerWeek: 4, longestRunKm: 10, currentWeeklyKm: 40, today: TODAY });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.reason).toMatch(/^A marathon needs a 29 km long run; from your longest run of 10 km \(from what you entered\), growing at most 10% a week/);
    expect(outcome.reason).toMatch(/with recovery weeks and a \d-week taper, that takes \d+ weeks, and you have 12\.$/);
    expect(outcome.earliestDate).toBeDefined();
  });

  it('blames the weekly volume, not a longest run that was already long enough, on every weekday', () => {
    // A long run of 13.2 km leaves the 30-day window after a month; from then on the long run grows from the plan's
    // own, which 7.4 km a week held at half the week. The refusal once named the 13.2 km as the limit on a Saturday.
    for (let offset = 0; offset < 7; offset++) {
      const today = addDays('2026-11-23', offset);
      const outcome = generatePlan({ raceDistance: '10k', level: 'intermediate', targetDate: addDays(today, 63), daysPerWeek: 3, longestRunKm: 13.2, currentWeeklyKm: 7.4, today });
      expect(outcome.ok, today).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.reason, today).toMatch(/^A 10K needs a 10 km long run, and at 3 days a week a long run may be at most 50% of the week, so the peak week needs 20 km; from your 7\.4 km a week/);
      expect(outcome.earliestDate, today).toBeDefined();
    }
  });

  it('refuses without a date when 3 hours at the easy pace cannot cover the long run', () => {
    const outcome = generatePlan({ raceDistance: '50k', level: 'beginner', weeks: 20, daysPerWeek: 4, easyPaceMinPerKm: 6.5, source: 'log', today: TODAY });
    expect(outcome).toEqual({ ok: false, reason: expect.stringContaining('over the 3 hours no run may last') });
  });

  it('keeps the long run within 3 hours at a slow easy pace', () => {
    const plan = planFor({ ...halfRequest, raceDistance: 'marathon', weeks: 16, currentWeeklyKm: 60, longestRunKm: 26, easyPaceMinPerKm: 6, source: 'log' });
    const runs = plan.weeks.flatMap((week) => week.workouts).filter((workout) => workout.type !== 'race');
    expect(Math.max(...runs.map((run) => run.distanceKm))).toBe(30);
    expect(Math.max(...runs.map((run) => run.durationMinutes))).toBe(180);
    expect(planViolations(plan)).toEqual([]);
  });

  it('records where its starting point came from', () => {
    expect(planFor(halfRequest).assumptions).toMatchObject({
      currentWeeklyKm: 30,
      longestRunKm: 12,
      easyPaceMinPerKm: 5.2,
      source: 'level default',
      currentWeeklySource: 'level default',
      longestRunSource: 'level default',
      paces: { easy: 5.2, source: 'level default' },
    });
    const stated = planFor({ ...halfRequest, currentWeeklyKm: 35, longestRunKm: 14, easyPaceMinPerKm: 5.5, source: 'log' });
    expect(stated.assumptions).toMatchObject({ currentWeeklyKm: 35, longestRunKm: 14, easyPaceMinPerKm: 5.5, source: 'log', paces: { easy: 5.5, source: 'log' } });
  });

  it('generates a 20-week marathon fast enough to run in a request', () => {
    const request: PlanRequest = { raceDistance: 'marathon', level: 'advanced', weeks: 20, daysPerWeek: 5, today: TODAY };
    const times: number[] = [];
    // CPU time, not wall time: npm test runs this beside the other steps on two cores, where a 9 ms generation
    // preempted by them read as 80-90 ms of wall time, which measured the scheduler rather than the generator.
    for (let run = 0; run < 200; run++) {
      const started = process.cpuUsage();
      generatePlan(request);
      const used = process.cpuUsage(started);
      times.push((used.user + used.system) / 1000);
    }
    const p95 = [...times].sort((a, b) => a - b)[Math.ceil(0.95 * times.length) - 1] ?? Infinity;
    console.log(`plan generation: 200 × 20-week marathon, p95 ${p95.toFixed(2)} ms of CPU`);
    expect(p95).toBeLessThan(50);
  });
});

describe('NewTrainingPlanSchema', () => {
  const body = { raceDistance: 'half', level: 'intermediate', daysPerWeek: 4 };
  const messages = (input: unknown) => NewTrainingPlanSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it('accepts a race date or a plan length', () => {
    expect(messages({ ...body, weeks: 12 })).toEqual([]);
    expect(messages({ ...body, targetDate: '2026-06-13', name: '  Spring half  ' })).toEqual([]);
  });

  it('says what is wrong with days a week', () => {
    expect(messages({ ...body, weeks: 12, daysPerWeek: 7 })).toEqual(['Days a week must be 3 to 6']);
    expect(messages({ ...body, weeks: 12, daysPerWeek: 4.5 })).toEqual(['Days a week must be 3 to 6']);
    expect(messages({ ...body, weeks: 12, daysPerWeek: '4' })).toEqual(['Days a week must be 3 to 6']);
  });

  it('asks for exactly one of a race date and a plan length', () => {
    expect(messages(body)).toEqual(['Choose a race date or a plan length']);
    expect(messages({ ...body, weeks: 12, targetDate: '2026-06-13' })).toEqual(['Choose a race date or a plan length']);
  });

  it('names the field for other mistakes', () => {
    expect(messages({ ...body, weeks: 10 })).toEqual(['Plan length must be 8, 12, 16 or 20 weeks']);
    expect(messages({ ...body, weeks: 12, currentWeeklyKm: 400 })).toEqual(['Current weekly distance must be 0 to 300 km']);
    expect(messages({ ...body, weeks: 12, name: 'x'.repeat(81) })).toEqual(['Plan name must be at most 80 characters']);
  });

  it('is what generatePlan answers a bad request with', () => {
    expect(generatePlan({ raceDistance: 'half', level: 'intermediate', weeks: 12, daysPerWeek: 7, today: TODAY })).toEqual({ ok: false, reason: 'Days a week must be 3 to 6' });
  });
});

describe('planViolations', () => {
  const good = planFor({ raceDistance: 'half', level: 'intermediate', weeks: 12, daysPerWeek: 4, today: TODAY });

  /** A copy of the good plan with one edit, its weeks' plannedKm kept true to their workouts. */
  function edited(edit: (plan: GeneratedPlan) => void): GeneratedPlan {
    const plan = structuredClone(good);
    edit(plan);
    for (const week of plan.weeks) week.plannedKm = sumKm(week.workouts);
    return plan;
  }

  function workoutsOf(plan: GeneratedPlan, weekIndex: number): PlanWorkout[] {
    return plan.weeks[weekIndex]?.workouts ?? [];
  }

  function longRunOf(plan: GeneratedPlan, weekIndex: number): PlanWorkout {
    const longRun = workoutsOf(plan, weekIndex).find((workout) => workout.type === 'long_run');
    if (!longRun) throw new Error(`week ${weekIndex + 1} has no long run`);
    return longRun;
  }

  const rulesBroken = (plan: GeneratedPlan) => planViolations(plan).map((violation) => violation.split(' (')[0]);

  it('finds nothing wrong with a generated plan', () => {
    expect(planViolations(good)).toEqual([]);
  });

  it('rule 1: a run over 110% of the longest in the 30 days before it', () => {
    const plan = edited((draft) => {
      const longRun = longRunOf(draft, 5);
      longRun.distanceKm = Math.round(longRunOf(draft, 4).distanceKm * 12) / 10;
    });
    expect(rulesBroken(plan)).toContain('Rule 1');
  });

  it('rule 2: a week more than 10% over the week before', () => {
    const plan = edited((draft) => {
      for (const workout of workoutsOf(draft, 1)) if (workout.type !== 'long_run') workout.distanceKm += 2;
    });
    expect(rulesBroken(plan)).toEqual(['Rule 2']);
  });

  it('rule 3: four weeks in a row without a recovery week', () => {
    const plan = edited((draft) => {
      const week = draft.weeks[3];
      if (week) week.workouts = structuredClone(workoutsOf(draft, 2)).map((workout) => ({ ...workout, date: addDays(workout.date, 7) }));
    });
    expect(rulesBroken(plan)).toContain('Rule 3');
  });

  it('rule 4: a long run over its share of the week, or over 3 hours', () => {
    const overShare = edited((draft) => {
      for (const workout of workoutsOf(draft, 5)) if (workout.type !== 'long_run') workout.distanceKm = 3;
    });
    expect(rulesBroken(overShare)).toContain('Rule 4');
    const overTime = edited((draft) => {
      longRunOf(draft, 5).durationMinutes = 190;
    });
    expect(rulesBroken(overTime)).toEqual(['Rule 4']);
  });

  it('rule 5: a peak long run short of what the distance needs', () => {
    const plan = edited((draft) => {
      for (const workout of draft.weeks.flatMap((week) => week.workouts)) {
        if (workout.type !== 'race') workout.distanceKm = Math.min(workout.distanceKm, 15);
      }
    });
    expect(rulesBroken(plan)).toContain('Rule 5');
  });

  it('rule 6: a taper of the wrong length, or a race week outside 40-60% of the peak', () => {
    const shortTaper = edited((draft) => {
      const week = draft.weeks.at(-2);
      if (week) week.phase = 'peak';
    });
    expect(rulesBroken(shortTaper)).toContain('Rule 6');
    const heavyRaceWeek = edited((draft) => {
      for (const workout of workoutsOf(draft, 11)) if (workout.type === 'easy_run') workout.distanceKm += 4;
    });
    expect(rulesBroken(heavyRaceWeek)).toContain('Rule 6');
  });

  describe('rule 6 for a race week that spans two calendar weeks', () => {
    const mondayRace = planFor({ raceDistance: 'marathon', level: 'intermediate', weeks: 20, daysPerWeek: 4, longRunDay: 'monday', today: TODAY });
    const leadInWeek = mondayRace.weeks.length - 2;
    const raceWeekStart = addDays(mondayRace.raceDate, -6);

    function editedMondayRace(edit: (plan: GeneratedPlan) => void): GeneratedPlan {
      const plan = structuredClone(mondayRace);
      edit(plan);
      for (const week of plan.weeks) week.plannedKm = sumKm(week.workouts);
      return plan;
    }

    it('finds nothing wrong with the generated plan, whose race calendar week holds the race alone', () => {
      expect(planViolations(mondayRace)).toEqual([]);
      expect(workoutsOf(mondayRace, leadInWeek + 1).map((workout) => workout.type)).toEqual(['race']);
    });

    it('counts the 6 days before the race, across the calendar weeks, and holds them to 60% of the peak', () => {
      const heavy = editedMondayRace((draft) => {
        for (const workout of workoutsOf(draft, leadInWeek)) if (workout.date >= raceWeekStart) workout.distanceKm = Math.round(workout.distanceKm * 16) / 10;
      });
      expect(raceWeekKm(heavy)).toBeGreaterThan(0.6 * 70);
      const raceWeekViolations = planViolations(heavy).filter((violation) => violation.startsWith(`Rule 6 (taper): race week (${raceWeekStart} to the race on ${mondayRace.raceDate})`));
      expect(raceWeekViolations).toHaveLength(1);
      expect(raceWeekViolations[0]).toMatch(/ km besides the race, 6\d% of the peak week's 70 km; it must be 40-60%\.$/);
    });

    it('leaves the days of the lead-in week before race week out of race week', () => {
      const before = workoutsOf(mondayRace, leadInWeek).filter((workout) => workout.date < raceWeekStart);
      expect(before.length).toBeGreaterThan(0);
      const lighter = editedMondayRace((draft) => {
        for (const workout of workoutsOf(draft, leadInWeek)) if (workout.date < raceWeekStart) workout.distanceKm = 3;
      });
      expect(raceWeekKm(lighter)).toBe(raceWeekKm(mondayRace));
      expect(rulesBroken(lighter)).not.toContain('Rule 6');
    });

    it('asks every calendar week race week overlaps to be a taper week', () => {
      const unmarked = editedMondayRace((draft) => {
        const week = draft.weeks[leadInWeek];
        if (week) week.phase = 'peak';
      });
      expect(planViolations(unmarked)).toContainEqual(expect.stringContaining(`overlaps the week of ${mondayRace.weeks[leadInWeek]?.startDate}, which is not marked taper`));
    });
  });

  it('rule 7: more running days than asked, or two hard days back to back', () => {
    const extraDay = edited((draft) => {
      const week = draft.weeks[5];
      const easy = week?.workouts.find((workout) => workout.type === 'recovery');
      if (week && easy) week.workouts.push({ ...easy, date: addDays(easy.date, 1) });
    });
    expect(rulesBroken(extraDay)).toContain('Rule 7');
    const hardBackToBack = edited((draft) => {
      const recovery = workoutsOf(draft, 5).find((workout) => workout.type === 'recovery');
      if (recovery) recovery.type = 'tempo';
    });
    expect(rulesBroken(hardBackToBack)).toEqual(['Rule 7']);
  });

  it('reads the history the plan was built from for week 1 and the first runs', () => {
    const plan = structuredClone(good);
    plan.assumptions = { ...plan.assumptions, currentWeeklyKm: 20, longestRunKm: 8 };
    expect(rulesBroken(plan)).toEqual(expect.arrayContaining(['Rule 1', 'Rule 2']));
  });
});
