/**
 * What `npm start` and `npm run dev` share: argument parsing, the ready banner, and a shutdown that stops
 * every child on Ctrl-C or SIGTERM (a second signal forces the exit; processes.ts still kills the children).
 */
import { relative } from 'node:path';
import { whenLauncherExits } from './processes.ts';
import type { LocalStack } from './stack.ts';
import { readSeedRecord, REPO_ROOT } from './stack.ts';

export interface CliArguments {
  readonly fresh: boolean;
  readonly port?: number;
  /** Events to seed into a new table. */
  readonly events?: number;
}

function numberOption(name: string, value: string | undefined, max: number): number {
  const parsed = Number(value);
  if (value === undefined || !Number.isInteger(parsed) || parsed < 0 || parsed > max) {
    throw new Error(`--${name} needs a whole number up to ${max}, got ${value ?? 'nothing'}`);
  }
  return parsed;
}

export function parseArguments(argv: readonly string[]): CliArguments {
  let fresh = false;
  let port: number | undefined;
  let events: number | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const [name, inline] = argument.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++index];
    if (argument === '--fresh') fresh = true;
    else if (name === '--port') port = numberOption('port', value(), 65535);
    else if (name === '--events') events = numberOption('events', value(), 1_000_000);
    else if (argument === '--help' || argument === '-h') {
      console.log(
        'Options:\n  --fresh        reset the local data in .local/\n  --port <n>     port of the site (default 3000)\n' +
          '  --events <n>   events to seed into new data (default 2000)',
      );
      process.exit(0);
    } else throw new Error(`Unknown option ${argument} (options: --fresh, --port <n>, --events <n>)`);
  }
  return { fresh, port, events };
}

export interface BannerDetails {
  readonly url: string;
  readonly dataDir: string;
  readonly readySeconds: number;
  readonly api?: string;
  readonly note?: string;
  readonly seedingInBackground?: boolean;
}

export function printBanner(stack: LocalStack, details: BannerDetails): void {
  const data = relative(REPO_ROOT, details.dataDir) || details.dataDir;
  const record = readSeedRecord(details.dataDir);
  const seeded =
    stack.seeded.demoAccounts || stack.seeded.events
      ? `new: ${stack.seeded.demoAccounts ? 'demo accounts ready, ' : ''}${
          stack.seeded.from?.image
            ? `${stack.seeded.events} events from the prebuilt catalogue${stack.seeded.from.built ? ` (prepared in ${stack.seeded.from.seconds.toFixed(1)} s)` : ''}`
            : details.seedingInBackground
              ? `seeding ${stack.seeded.events} events in the background (the catalogue fills in as it goes)`
              : `seeded ${stack.seeded.events} events`
        }`
      : `reused${record ? `: ${record.events} events seeded ${record.at.slice(0, 10)}` : ''}`;
  const width = Math.max(...stack.demoAccounts.map((account) => account.label.length));
  const emailWidth = Math.max(...stack.demoAccounts.map((account) => account.email.length));
  const lines = [
    '',
    `  RaceFinder is running at ${details.url}   (ready in ${details.readySeconds.toFixed(1)} s${details.note ? `; ${details.note}` : ''})`,
    ...(details.api ? [`  Local API gateway: ${details.api}`] : []),
    `  Data: ${data}/ (${seeded}; \`npm start -- --fresh\` resets it)`,
    `  Stripe: local stand-in at ${stack.stripe.url} (test checkout page, no card charged); events go to ${details.url}/api/stripe/webhook`,
    stack.strava.standIn
      ? `  Strava: local stand-in at ${stack.strava.url} (its control API, docs/strava.md, makes activities and sends their events to ${details.url}/api/strava/webhook)`
      : `  Strava: ${stack.strava.url}`,
    stack.weather
      ? `  Weather: local National Weather Service stand-in at ${stack.weather.url} (fixture forecasts; WEATHER_API_URL=https://api.weather.gov for the real one)`
      : `  Weather: ${stack.weatherUrl}`,
    '',
    `  Demo accounts, all with the password ${stack.demoPassword} (local demo data):`,
    ...stack.demoAccounts.map(
      (account) =>
        `    ${account.label.padEnd(width)}  ${account.email.padEnd(emailWidth)}  ${account.firstName} ${account.lastName}`,
    ),
    '',
    '  Sign-up confirmation codes are printed here. Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

/** Reports the end of a background seed in the terminal, with how long it took. */
export function reportBackgroundSeed(stack: LocalStack): void {
  if (!stack.seeded.events || stack.seeded.from?.image) return;
  const started = performance.now();
  stack.seeding.then(
    () => console.log(`  Seeded ${stack.seeded.events} events in ${((performance.now() - started) / 1000).toFixed(1)} s.`),
    (error: unknown) => console.error('  The event seed stopped before it finished; the next start seeds again.', error instanceof Error ? error.message : error),
  );
}

/**
 * Runs `stop` once on SIGINT/SIGTERM/SIGHUP, or when the npm process that launched us is gone, then exits.
 * One Ctrl-C reaches this process more than once (from the terminal to the whole process group, and relayed
 * by npm and tsx), so repeats within a second count as the same request; a signal after that forces the exit
 * (the children still die with us: processes.ts).
 */
export function stopOnSignals(stop: () => Promise<void>): void {
  let firstRequestAt: number | undefined;
  const requestStop = (reason: string) => {
    if (firstRequestAt !== undefined) {
      if (Date.now() - firstRequestAt < 1000) return;
      console.log('Stopping now.');
      process.exit(1);
    }
    firstRequestAt = Date.now();
    console.log(`\n${reason}: stopping RaceFinder...`);
    stop().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Error while stopping:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => requestStop(signal === 'SIGINT' ? 'Ctrl-C' : signal));
  }
  whenLauncherExits(() => requestStop('npm exited'));
}
