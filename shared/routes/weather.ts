/** Race-day weather: the signed-in athlete's upcoming saved races with their forecasts and heat advice. */
import { RaceForecastsSchema } from '../schemas/race-forecast.ts';
import { defineRoutes } from './define.ts';

export const WEATHER_ROUTES = defineRoutes({
  listRaceForecasts: {
    method: 'GET',
    path: '/api/me/race-forecasts',
    access: 'user',
    // Keeps what it fetched from the National Weather Service in the table for an hour (lambdas/data/weather-cache.ts).
    data: 'read-write',
    handler: 'weather/list-race-forecasts',
    request: {},
    response: RaceForecastsSchema,
    // One page load is one call; each may ask the NWS for a few forecasts.
    throttle: { rate: 5, burst: 20 },
    summary: "The caller's upcoming saved races, soonest first, each with its race-day forecast and heat advice when race day is within 7 days, else the date it will be",
  },
});
