/**
 * Training figures at scale (issue 10): an athlete with three years of daily logs (1,100 workouts, written
 * through the log store with its figures, as the API writes them) into DynamoDB Local (in memory), then
 * GET /api/me/training-stats's read timed and its read units counted from ReturnConsumedCapacity on every
 * read, and the training load chart's over those three years (issue 25). Plan generation (a 20-week marathon)
 * is timed too.
 *
 * Runs in a process of its own (handler modules read their configuration once per process):
 *
 *   npx tsx test/bench/training-bench.ts [--logs 1100] [--iterations 50] [--json]
 */
import { parseArgs } from 'node:util';
import { addDays, todayInNewYork } from '#shared/dates';
import { generatePlan } from '#shared/training/plan-generator';
import { withLocalTable } from './local-table.ts';
import { installReadMeter } from './read-meter.ts';
import { percentile } from './stats.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface TrainingBenchResult {
  readonly logs: number;
  readonly streakDays: number;
  readonly stats: { readonly p50: number; readonly p95: number; readonly readUnits: number };
  /** GET /api/me/training-load over the three years: days answered, latency, read units per read. */
  readonly load: { readonly days: number; readonly p50: number; readonly p95: number; readonly readUnits: number };
  readonly plan: { readonly p50: number; readonly p95: number; readonly weeks: number };
}

async function timed(iterations: number, warmup: number, run: () => Promise<unknown> | unknown): Promise<number[]> {
  for (let index = 0; index < warmup; index += 1) await run();
  const times: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

export async function measureTraining({ logs, iterations }: { logs: number; iterations: number }): Promise<TrainingBenchResult> {
  return withLocalTable(async () => {
    const { db } = await import('#lib/dynamo');
    const { createTrainingLog } = await import('#data/training-log');
    const { readTrainingStats } = await import('#data/training-figures');
    const sub = 'bench-athlete';
    const today = todayInNewYork();
    // One a day back from today, a second on every so many days, until there are `logs`.
    const days = Math.min(logs, 1096);
    const dates = Array.from({ length: logs }, (_, index) => addDays(today, -(index % days)));
    const activities = ['running', 'running', 'running', 'cycling', 'strength', 'yoga', 'swimming'] as const;
    for (const [index, logDate] of dates.entries()) {
      await createTrainingLog(sub, {
        activityType: activities[index % activities.length]!,
        distanceKm: 3 + (index % 17),
        durationMinutes: 20 + (index % 70),
        effortLevel: 1 + (index % 10),
        notes: `Workout ${index}`,
        logDate,
      });
    }
    const meter = installReadMeter(db);
    let streakDays = 0;
    const before = meter.units;
    const times = await timed(iterations, 5, async () => {
      streakDays = (await readTrainingStats(sub)).streakDays;
    });
    const readUnits = (meter.units - before) / (iterations + 5);
    const stats = { p50: percentile(times, 50), p95: percentile(times, 95), readUnits: Math.round(readUnits * 100) / 100 };
    const { readTrainingLoad } = await import('#data/training-figures');
    let loadDays = 0;
    const beforeLoad = meter.units;
    const loadTimes = await timed(iterations, 5, async () => {
      loadDays = (await readTrainingLoad(sub, addDays(today, -1094), today)).days.length;
    });
    const loadUnits = (meter.units - beforeLoad) / (iterations + 5);
    const load = { days: loadDays, p50: percentile(loadTimes, 50), p95: percentile(loadTimes, 95), readUnits: Math.round(loadUnits * 100) / 100 };
    return { logs, streakDays, stats, load, plan: measurePlanGeneration(today, iterations * 4) };
  });
}

/** The largest plan there is: a 20-week marathon, generated and checked against every rule by the generator. */
function measurePlanGeneration(today: string, iterations: number): NonNullable<TrainingBenchResult['plan']> {
  let weeks = 0;
  const times: number[] = [];
  for (let index = 0; index < iterations + 5; index += 1) {
    const started = performance.now();
    const outcome = generatePlan({ raceDistance: 'marathon', weeks: 20, level: 'advanced', daysPerWeek: 5, today });
    if (index >= 5) times.push(performance.now() - started);
    if (!outcome.ok) throw new Error(`the bench plan was refused: ${outcome.reason}`);
    weeks = outcome.plan.weeks.length;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), weeks };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { logs: { type: 'string', default: '1100' }, iterations: { type: 'string', default: '50' }, json: { type: 'boolean', default: false } } });
  const result = await measureTraining({ logs: Number(values.logs), iterations: Number(values.iterations) });
  console.log(values.json ? JSON.stringify(result) : result);
}
