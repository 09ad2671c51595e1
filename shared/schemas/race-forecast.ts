/**
 * GET /api/me/race-forecasts: the athlete's upcoming saved races, soonest first, each with its race-day forecast
 * from the US National Weather Service when race day is close enough, or the day it will be.
 */
import * as z from 'zod';
import { HEAT_LEVELS } from '../weather/heat-advice.ts';
import { IsoDateSchema, IsoDateTimeSchema } from './common.ts';
import { EventSummarySchema } from './search.ts';

/** The NWS forecasts seven days: today and the six after it (New York days, like every date of the product). */
export const FORECAST_DAYS = 7;

/** One NWS forecast period of race day: the day (6 am to 6 pm) or the night after it. */
export const ForecastPeriodSchema = z.object({
  /** The NWS's own name: 'Saturday', 'Saturday Night', 'Today', 'This Afternoon', 'Tonight'. */
  name: z.string(),
  startTime: IsoDateTimeSchema,
  endTime: IsoDateTimeSchema,
  isDaytime: z.boolean(),
  /** The day's high or the night's low. */
  temperatureF: z.number().int(),
  temperatureC: z.number().int(),
  /** Percent; null when the NWS gives none. */
  precipitationChance: z.number().int().min(0).max(100).nullable(),
  /** As the NWS writes them: '5 to 10 mph', 'SW'. */
  windSpeed: z.string(),
  windDirection: z.string(),
  shortForecast: z.string(),
  detailedForecast: z.string(),
});
export type ForecastPeriod = z.infer<typeof ForecastPeriodSchema>;

export const HeatAdviceSchema = z.object({
  level: z.enum(HEAT_LEVELS),
  label: z.string(),
  heatIndexF: z.number().int(),
  heatIndexC: z.number().int(),
  temperatureF: z.number().int(),
  relativeHumidity: z.number().int().min(0).max(100).nullable(),
  at: IsoDateTimeSchema,
  basis: z.enum(['humidity', 'temperature-only']),
  paceSlowdownPercent: z.object({ min: z.number(), max: z.number().optional() }),
  tips: z.array(z.string()),
});

/** Why a race within the forecast's days has none: no place to ask about, the NWS covers no such place, or it failed. */
export const FORECAST_UNAVAILABLE_REASONS = ['outside-coverage', 'service'] as const;

export const RaceForecastSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    periods: z.array(ForecastPeriodSchema).min(1),
    heat: HeatAdviceSchema,
    /** When the NWS last updated this forecast. */
    updatedAt: IsoDateTimeSchema.optional(),
  }),
  /** Race day is more than FORECAST_DAYS away: the forecast is available from this (New York) date. */
  z.object({ status: z.literal('later'), availableFrom: IsoDateSchema }),
  /** The race has no coordinates, so there is nowhere to ask the forecast for. */
  z.object({ status: z.literal('needs-location') }),
  z.object({ status: z.literal('unavailable'), reason: z.enum(FORECAST_UNAVAILABLE_REASONS) }),
]);
export type RaceForecast = z.infer<typeof RaceForecastSchema>;

export const RaceForecastEventSchema = EventSummarySchema.pick({ id: true, title: true, eventDate: true, city: true, state: true, locationName: true, eventType: true, distances: true });

export const RaceForecastEntrySchema = z.object({ event: RaceForecastEventSchema, forecast: RaceForecastSchema });
export type RaceForecastEntry = z.infer<typeof RaceForecastEntrySchema>;

export const RaceForecastsSchema = z.object({
  /** Today in New York, the day the answer was made for. */
  today: IsoDateSchema,
  items: z.array(RaceForecastEntrySchema),
  /** Upcoming saved races after the ones listed (the list stops at RACE_FORECASTS_LIMIT). */
  more: z.number().int().nonnegative(),
});
export type RaceForecasts = z.infer<typeof RaceForecastsSchema>;

/** The most upcoming saved races one answer lists, soonest first. */
export const RACE_FORECASTS_LIMIT = 20;
