/**
 * Activity files in (issue 25): reading a 3-hour FIT activity (a record a second, about 11,000, each with the 17
 * fields a running watch logs, made with Garmin's encoder) timed over many runs; then a ZIP of 1,000 activities (a Strava-style export: FIT
 * files gzipped, and GPX) imported into DynamoDB Local (in memory) through the import the function runs, timed whole,
 * and imported again to count duplicates (there must be none: every activity is updated, not added).
 *
 * Runs in a process of its own (handler modules read their configuration once per process):
 *
 *   npx tsx test/bench/activity-files-bench.ts [--activities 1000] [--iterations 20] [--json]
 */
import { parseArgs } from 'node:util';
import { gzipSync, strToU8, zipSync, type Zippable } from 'fflate';
import { fitActivity, gpxActivity, northboundTrack } from '../support/activity-files.ts';
import { withLocalTable } from './local-table.ts';
import { percentile } from './stats.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface ActivityFilesBenchResult {
  readonly fit: { readonly records: number; readonly bytes: number; readonly p50: number; readonly p95: number };
  readonly zip: {
    readonly activities: number;
    readonly bytes: number;
    readonly seconds: number;
    readonly created: number;
    readonly againSeconds: number;
    readonly againCreated: number;
    readonly againUpdated: number;
    readonly entries: number;
  };
}

const DAY_MS = 86_400_000;

/** Three hours at a record a second: what a watch writes of a long run, and the file the issue names. */
async function measureFitRead(iterations: number): Promise<ActivityFilesBenchResult['fit']> {
  const { readFitActivities } = await import('../../lambdas/activity-uploads/fit-file.ts');
  const { activityFigures } = await import('../../lambdas/lib/activities/activity-figures.ts');
  const records = 3 * 3600 + 1;
  const file = fitActivity(northboundTrack({ count: records, stepMeters: 3, intervalSeconds: 1, start: new Date(Date.now() - 2 * DAY_MS) }), { watchFields: true, enhancedAltitude: true });
  const times: number[] = [];
  for (let index = 0; index < iterations + 3; index += 1) {
    const started = performance.now();
    const [activity] = readFitActivities(file);
    activityFigures(activity!);
    if (index >= 3) times.push(performance.now() - started);
  }
  return { records, bytes: file.length, p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** An export of `count` activities, one a day back from yesterday, each 40 minutes at a sample every 3 s; every other one FIT (gzipped), the rest GPX. */
function exportZip(count: number): Uint8Array {
  const entries: Zippable = { 'activities.csv': strToU8('Activity ID,Activity Date\n') };
  for (let index = 0; index < count; index += 1) {
    const start = new Date(Date.now() - (index + 1) * DAY_MS);
    start.setUTCHours(12, 0, 0, 0);
    const track = northboundTrack({ count: 801, stepMeters: 10, intervalSeconds: 3, start });
    if (index % 2 === 0) entries[`activities/${1000 + index}.fit.gz`] = gzipSync(fitActivity(track));
    else entries[`activities/${1000 + index}.gpx`] = strToU8(gpxActivity(track, { name: `Run ${index}` }));
  }
  return zipSync(entries);
}

export async function measureActivityFiles({ activities, iterations }: { activities: number; iterations: number }): Promise<ActivityFilesBenchResult> {
  const fit = await measureFitRead(iterations);
  return withLocalTable(async () => {
    const { importActivities } = await import('../../lambdas/activity-uploads/import-activities.ts');
    const { allTrainingLogPages } = await import('#data/training-log');
    const sub = 'bench-importer';
    const zip = exportZip(activities);
    let started = performance.now();
    const first = await importActivities(sub, 'export.zip', zip, 'America/Denver');
    const seconds = (performance.now() - started) / 1000;
    if (first.errors.length > 0) throw new Error(`the bench export had refused files: ${JSON.stringify(first.errors.slice(0, 3))}`);
    started = performance.now();
    const again = await importActivities(sub, 'export.zip', zip, 'America/Denver');
    const againSeconds = (performance.now() - started) / 1000;
    let entries = 0;
    for await (const page of allTrainingLogPages(sub)) entries += page.length;
    const round = (value: number) => Math.round(value * 10) / 10;
    return {
      fit,
      zip: { activities, bytes: zip.length, seconds: round(seconds), created: first.created, againSeconds: round(againSeconds), againCreated: again.created, againUpdated: again.updated, entries },
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { activities: { type: 'string', default: '1000' }, iterations: { type: 'string', default: '20' }, json: { type: 'boolean', default: false } } });
  const result = await measureActivityFiles({ activities: Number(values.activities), iterations: Number(values.iterations) });
  console.log(values.json ? JSON.stringify(result) : result);
}
