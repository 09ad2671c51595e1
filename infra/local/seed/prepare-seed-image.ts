/**
 * `npm ci`'s postinstall (and `npm run seed:image`): builds today's demo catalogue image (seed-image.ts) so
 * the first `npm start`, and every e2e run of `npm test`, places the whole catalogue in milliseconds. Best
 * effort by design: without Java or on any failure it says so and exits 0, and the first stack that needs
 * the image builds it itself.
 */
import { todayInNewYork } from '#shared/dates';
import { DEFAULT_SEED_EVENTS } from '../stack.ts';
import { ensureSeedImage } from './seed-image.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

try {
  const today = todayInNewYork();
  const image = await ensureSeedImage({
    count: DEFAULT_SEED_EVENTS,
    today,
    onBuild: () => console.log(`racefinder: preparing the demo catalogue for npm start and the e2e tests (${DEFAULT_SEED_EVENTS} events for ${today})...`),
  });
  console.log(`racefinder: demo catalogue ${image.built ? `prepared in ${(image.ms / 1000).toFixed(1)} s` : 'already prepared'}.`);
} catch (error) {
  console.log(`racefinder: no demo catalogue image (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); the first stack that needs it will build it.`);
}
process.exit(0);
