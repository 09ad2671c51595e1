/**
 * `npm ci`'s postinstall (and `npm run seed:image`): builds today's demo catalogue image (seed-image.ts) so
 * the first `npm start` places the whole catalogue in milliseconds. Best effort by design: without Java, on
 * CI (which seeds its own in-memory stacks) or on any failure it says so and exits 0, and `npm start`
 * builds the image itself.
 */
import { todayInNewYork } from '#shared/dates';
import { DEFAULT_SEED_EVENTS } from '../stack.ts';
import { ensureSeedImage } from './seed-image.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

if (process.env.CI && !process.argv.includes('--force')) {
  console.log('racefinder: CI, so no demo catalogue image (npm start builds it when needed).');
} else {
  try {
    const today = todayInNewYork();
    const image = await ensureSeedImage({
      count: DEFAULT_SEED_EVENTS,
      today,
      onBuild: () => console.log(`racefinder: preparing the demo catalogue for npm start (${DEFAULT_SEED_EVENTS} events for ${today})...`),
    });
    console.log(`racefinder: demo catalogue ${image.built ? `prepared in ${(image.ms / 1000).toFixed(1)} s` : 'already prepared'}.`);
  } catch (error) {
    console.log(`racefinder: no demo catalogue image (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); npm start will build it.`);
  }
}
process.exit(0);
