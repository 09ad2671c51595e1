/**
 * Race day out of a grid square's forecast: its 12-hour periods (the day and the night after it), and the
 * heat advice of its race hours. Pure; times are the NWS's own, written with the place's offset, so the date
 * and hour at the start of a time string are the place's local ones.
 */
import { addDays } from '#shared/dates';
import { FORECAST_DAYS, type ForecastPeriod, type RaceForecast } from '#shared/schemas/race-forecast';
import { heatAdvice, RACE_HOURS, type RaceHour } from '#shared/weather/heat-advice';
import { wholeCelsius } from '#shared/weather/heat-index';
import type { GridForecast, GridHour, GridPeriod } from '#lib/nws';

const localDate = (time: string) => time.slice(0, 10);
const localHour = (time: string) => Number(time.slice(11, 13));

/** Whether race day (a New York date, like today) is among the days the NWS forecasts. */
export function withinForecastDays(eventDate: string, today: string): boolean {
  return eventDate >= today && eventDate <= addDays(today, FORECAST_DAYS - 1);
}

/** The first (New York) day whose forecast reaches race day. */
export function forecastAvailableFrom(eventDate: string): string {
  return addDays(eventDate, -(FORECAST_DAYS - 1));
}

/** The hours worth keeping of an hourly forecast: only race hours are ever read (keeps the cached item small). */
export function raceHoursOf(hours: readonly GridHour[]): GridHour[] {
  return hours.filter((hour) => {
    const at = localHour(hour.time);
    return at >= RACE_HOURS.first && at <= RACE_HOURS.last;
  });
}

function periodOf(period: GridPeriod): ForecastPeriod {
  return {
    name: period.name,
    startTime: period.startTime,
    endTime: period.endTime,
    isDaytime: period.isDaytime,
    temperatureF: Math.round(period.temperatureF),
    temperatureC: wholeCelsius(period.temperatureF),
    precipitationChance: period.precipitationChance,
    windSpeed: period.windSpeed,
    windDirection: period.windDirection,
    shortForecast: period.shortForecast,
    detailedForecast: period.detailedForecast,
  };
}

/**
 * Race day's forecast, or 'later' when the forecast does not reach it (yet): the NWS counts its seven days
 * from its own now in the race's time zone, which can end a little before a New York day does.
 */
export function raceDayForecast(forecast: GridForecast, eventDate: string, today: string): RaceForecast {
  const periods = forecast.periods.filter((period) => localDate(period.startTime) === eventDate);
  if (periods.length === 0) return { status: 'later', availableFrom: addDays(today, 1) };
  const hours: RaceHour[] = raceHoursOf(forecast.hours ?? []).filter((hour) => localDate(hour.time) === eventDate);
  // Without the hourly forecast of race morning (too far out, or it failed), the day's high stands in for it.
  const daytime = periods.find((period) => period.isDaytime) ?? periods[0]!;
  const heat = heatAdvice(hours.length > 0 ? hours : [{ time: daytime.startTime, temperatureF: daytime.temperatureF, relativeHumidity: daytime.relativeHumidity }]);
  return { status: 'ready', periods: periods.map(periodOf), heat, ...(forecast.updatedAt ? { updatedAt: forecast.updatedAt } : {}) };
}
