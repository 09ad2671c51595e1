/** GET /api/me/race-forecasts: the caller's upcoming saved races, soonest first, with race-day forecasts and heat advice. */
import { WEATHER_ROUTES } from '#shared/routes/weather';
import { nwsSettingsFromEnv } from '#lib/nws';
import { createHandler } from '#handler';
import { listRaceForecasts } from './race-forecasts.ts';

// At cold start: a WEATHER_API_URL that is not allowed fails the function's first call, not a page's forecast.
const settings = nwsSettingsFromEnv();

export const handler = createHandler(WEATHER_ROUTES.listRaceForecasts, async ({ caller }) => listRaceForecasts(caller, { settings }));
