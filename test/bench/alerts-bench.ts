/**
 * Notifications at scale (issue 23), three rows, on DynamoDB Local (in memory) with the app's table:
 *
 * - matching: 1,000 new races against 50,000 saved searches (a mix of words, states, types, distances, tags and
 *   radius searches built from the seed generator's own places and words), through the percolator
 *   (lambdas/data/search-alerts.ts): seconds, and read units per race (ReturnConsumedCapacity of every Query);
 * - fan-out: one change of a race saved by 10,000 people, enqueued on the notification queue (the SQS stand-in)
 *   by lambdas/data/race-change-notices.ts: seconds;
 * - sender: messages to distinct people drained by the local event source into the sender at a configured rate,
 *   with SES failing some sends (so batches come back and are retried): the rate measured from the mailbox's
 *   timestamps, and duplicates (any address mailed twice): 0.
 *
 * Runs in a process of its own (handler modules read their configuration once per process):
 *
 *   npx tsx test/bench/alerts-bench.ts [--searches 50000] [--races 1000] [--savers 10000] [--messages 200] [--rate 20] [--json]
 */
import { parseArgs } from 'node:util';
import { todayInNewYork } from '#shared/dates';
import type { RaceEvent } from '#shared/schemas/event';
import type { PercolatedSearch } from '#shared/saved-search-match';
import { withLocalTable } from './local-table.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface AlertsBenchResult {
  readonly matching: { readonly searches: number; readonly races: number; readonly seconds: number; readonly readUnitsPerRace: number; readonly keysRead: number; readonly matchedSearches: number };
  readonly fanOut: { readonly savers: number; readonly seconds: number; readonly enqueued: number };
  readonly sender: { readonly messages: number; readonly configuredRate: number; readonly measuredRate: number; readonly faults: number; readonly duplicates: number; readonly delivered: number };
}

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Saved searches as people make them: mostly a state or a place, often words, some a type or distance alone. */
function searchesLike(events: readonly RaceEvent[], count: number, seed: number): PercolatedSearch[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const titleWords = [...new Set(events.flatMap((event) => event.title.split(/\s+/)).filter((word) => /^[A-Za-z]{4,}$/.test(word)))];
  const located = events.filter((event) => event.latitude !== undefined);
  const searches: PercolatedSearch[] = [];
  for (let index = 0; index < count; index += 1) {
    const event = pick(events);
    const roll = next();
    if (roll < 0.3) searches.push({ state: event.state, ...(next() < 0.5 ? { type: event.eventType } : {}) });
    else if (roll < 0.55) searches.push({ q: pick(titleWords).toLowerCase(), ...(next() < 0.4 ? { state: event.state } : {}) });
    else if (roll < 0.75) {
      const place = pick(located);
      searches.push({ near: `${place.latitude},${place.longitude}`, radius: pick([10, 25, 50, 100]), point: { latitude: place.latitude!, longitude: place.longitude! } });
    } else if (roll < 0.85) searches.push({ q: event.city.toLowerCase(), state: event.state });
    else if (roll < 0.95) searches.push({ distance: pick(['5k', '10k', 'half', 'marathon', 'ultra'] as const), state: event.state });
    else searches.push({ type: event.eventType });
  }
  return searches;
}

export async function measureAlerts(options: { searches: number; races: number; savers: number; messages: number; rate: number }): Promise<AlertsBenchResult> {
  return withLocalTable(async () => {
    const { startLocalNotificationQueue, startLocalSender } = await import('../../infra/local/notification-queue.ts');
    const { startSesStandIn } = await import('../../infra/local/ses/stand-in.ts');
    const queue = await startLocalNotificationQueue();
    const ses = await startSesStandIn();
    Object.assign(process.env, {
      SQS_ENDPOINT: queue.sqs.url,
      NOTIFICATION_QUEUE_URL: queue.queueUrl,
      SES_ENDPOINT: ses.url,
      MAIL_FROM: 'RaceFinder <notifications@racefinder.local>',
      SITE_URL: 'http://localhost:3000',
      UNSUBSCRIBE_SECRET: 'bench-unsubscribe-secret-of-at-least-32-chars',
      SEND_RATE_PER_SECOND: String(options.rate),
    });
    try {
      const { generateSeedEvents, DEFAULT_SEED } = await import('../../infra/local/seed/generate-events.ts');
      const { putInBatches } = await import('#lib/kit/batch-write');
      const { anchorsOf } = await import('#shared/saved-search-match');
      const { postingKey } = await import('#data/saved-search');
      const { matchRaces } = await import('#data/search-alerts');
      const today = todayInNewYork();

      // Matching: the postings as the saved-search store writes them, then a day's new races.
      const vocabulary = generateSeedEvents({ count: 5000, today, seed: DEFAULT_SEED });
      const searches = searchesLike(vocabulary, options.searches, 7);
      const postings = searches.flatMap((search, index) => {
        const id = `01J${String(index).padStart(23, '0')}`;
        return anchorsOf(search).map((anchor) => ({ ...postingKey(anchor, id), entity: 'saved-search-posting', sub: `bench-${index}`, id, name: `Search ${index}`, search }));
      });
      await putInBatches(postings, 16);
      const races = generateSeedEvents({ count: options.races, today, seed: DEFAULT_SEED + 1 }).map((race) => ({ ...race, verified: true }));
      const started = performance.now();
      const matched = await matchRaces(races);
      const matchSeconds = (performance.now() - started) / 1000;

      // Fan-out: one race saved by `savers` people, then its date moves.
      const { createEventsInBulk } = await import('#data/event');
      const { toSavedEventItems } = await import('#data/saved-event');
      const { fanOutRaceChange } = await import('#data/race-change-notices');
      const [race] = races;
      await createEventsInBulk([race!]);
      const saves = Array.from({ length: options.savers }, (_, index) => toSavedEventItems(`saver-${index}`, { eventId: race!.id, savedAt: new Date(Date.now() - index).toISOString() }).saved);
      await putInBatches(saves, 16);
      const fanStarted = performance.now();
      const enqueued = await fanOutRaceChange(race!, [{ field: 'date', from: race!.eventDate, to: race!.eventDate.replace(/-\d\d$/, '-28') }]);
      const fanSeconds = (performance.now() - fanStarted) / 1000;
      queue.sqs.purgeAll();

      // Sender: `messages` people with addresses, one message each, SES failing a tenth of the sends.
      const { createProfileIfMissing } = await import('#data/profile');
      const { enqueueNotifications } = await import('#data/notification-queue');
      const { SAMPLE_NOTIFICATIONS } = await import('../support/notification-samples.ts');
      for (let index = 0; index < options.messages; index += 1) {
        await createProfileIfMissing({ id: `reader-${index}`, email: `reader-${index}@racefinder.test`, role: 'athlete' });
      }
      const faults = Math.max(1, Math.round(options.messages / 10));
      ses.addFault({ kind: 'rejected', count: faults });
      const sender = await startLocalSender(queue);
      const sendStarted = Date.now();
      await enqueueNotifications(
        Array.from({ length: options.messages }, (_, index) => ({ sub: `reader-${index}`, kind: 'claim-decided' as const, subject: `claim-${index}`, day: today, data: SAMPLE_NOTIFICATIONS['claim-decided'] })),
      );
      // Rejected sends come back after the queue's visibility timeout; wait for every address (or give up).
      const deadline = Date.now() + 120_000;
      while (new Set(ses.messages().map((message) => message.to[0])).size < options.messages && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      await sender.stop();
      const mails = ses.messages();
      const times = mails.map((mail) => Date.parse(mail.sentAt)).sort((a, b) => a - b);
      const perAddress = new Map<string, number>();
      for (const mail of mails) perAddress.set(mail.to[0]!, (perAddress.get(mail.to[0]!) ?? 0) + 1);
      // The rate while sending the first pass (before the retried ones wait out their visibility timeout).
      const firstPass = times.filter((time) => time - sendStarted < 25_000);
      const spanSeconds = firstPass.length > 1 ? (firstPass.at(-1)! - firstPass[0]!) / 1000 : 0;
      return {
        matching: {
          searches: options.searches,
          races: options.races,
          seconds: Math.round(matchSeconds * 10) / 10,
          readUnitsPerRace: Math.round((matched.readUnits / options.races) * 100) / 100,
          keysRead: matched.keysRead,
          matchedSearches: matched.matches.length,
        },
        fanOut: { savers: options.savers, seconds: Math.round(fanSeconds * 10) / 10, enqueued },
        sender: {
          messages: options.messages,
          configuredRate: options.rate,
          measuredRate: spanSeconds > 0 ? Math.round(((firstPass.length - 1) / spanSeconds) * 10) / 10 : 0,
          faults,
          duplicates: [...perAddress.values()].filter((count) => count > 1).length,
          delivered: perAddress.size,
        },
      };
    } finally {
      await ses.stop();
      await queue.stop();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      searches: { type: 'string', default: '50000' },
      races: { type: 'string', default: '1000' },
      savers: { type: 'string', default: '10000' },
      messages: { type: 'string', default: '200' },
      rate: { type: 'string', default: '20' },
      json: { type: 'boolean', default: false },
    },
  });
  const result = await measureAlerts({ searches: Number(values.searches), races: Number(values.races), savers: Number(values.savers), messages: Number(values.messages), rate: Number(values.rate) });
  console.log(values.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
  process.exit(0);
}
