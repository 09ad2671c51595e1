/**
 * Race day out of a grid square's forecast (lambdas/weather/race-day.ts): which days the NWS covers, its day
 * and night periods, the race hours kept, and the heat advice with and without hourly humidity.
 */
import { describe, expect, it } from 'vitest';
import type { GridForecast, GridPeriod } from '#lib/nws';
import { forecastAvailableFrom, raceDayForecast, raceHoursOf, withinForecastDays } from '../../../lambdas/weather/race-day.ts';

function period(name: string, startTime: string, endTime: string, isDaytime: boolean, temperatureF: number, relativeHumidity: number | null = null): GridPeriod {
  return {
    name,
    startTime,
    endTime,
    isDaytime,
    temperatureF,
    precipitationChance: isDaytime ? 20 : null,
    relativeHumidity,
    windSpeed: '5 to 10 mph',
    windDirection: 'SW',
    shortForecast: isDaytime ? 'Sunny' : 'Mostly Clear',
    detailedForecast: `${isDaytime ? 'Sunny' : 'Mostly clear'}, around ${temperatureF}.`,
  };
}

const PERIODS: GridPeriod[] = [
  period('Tonight', '2025-07-11T18:00:00-05:00', '2025-07-12T06:00:00-05:00', false, 76),
  period('Saturday', '2025-07-12T06:00:00-05:00', '2025-07-12T18:00:00-05:00', true, 95),
  period('Saturday Night', '2025-07-12T18:00:00-05:00', '2025-07-13T06:00:00-05:00', false, 77),
  period('Sunday', '2025-07-13T06:00:00-05:00', '2025-07-13T18:00:00-05:00', true, 84),
  period('Sunday Night', '2025-07-13T18:00:00-05:00', '2025-07-14T06:00:00-05:00', false, 66),
];

const hoursOf = (date: string, temperatures: readonly number[], humidity: number) =>
  temperatures.map((temperatureF, index) => ({ time: `${date}T${String(index).padStart(2, '0')}:00:00-05:00`, temperatureF, relativeHumidity: humidity }));

describe('race day', () => {
  it('is within the forecast from today to six days on (New York dates), available six days before', () => {
    expect(withinForecastDays('2025-07-10', '2025-07-10')).toBe(true);
    expect(withinForecastDays('2025-07-16', '2025-07-10')).toBe(true);
    expect(withinForecastDays('2025-07-17', '2025-07-10')).toBe(false);
    expect(withinForecastDays('2025-07-09', '2025-07-10')).toBe(false);
    expect(forecastAvailableFrom('2025-07-17')).toBe('2025-07-11');
    expect(forecastAvailableFrom('2025-03-03')).toBe('2025-02-25');
  });

  it('keeps only race hours (6 am to the 12 pm hour, local) of an hourly forecast', () => {
    const day = hoursOf('2025-07-12', Array.from({ length: 24 }, (_, hour) => 70 + hour), 50);
    expect(raceHoursOf(day).map((hour) => hour.time.slice(11, 13))).toEqual(['06', '07', '08', '09', '10', '11', '12']);
  });

  it("answers race day's day and night periods, in °F and °C, with heat advice from the hottest race hour", () => {
    const morning = hoursOf('2025-07-12', Array.from({ length: 24 }, (_, hour) => (hour < 6 ? 76 : Math.min(95, 76 + (hour - 6) * 3))), 60);
    const forecast: GridForecast = { updatedAt: '2025-07-11T18:51:32+00:00', periods: PERIODS, hours: raceHoursOf(morning) };
    const answer = raceDayForecast(forecast, '2025-07-12', '2025-07-10');
    expect(answer.status).toBe('ready');
    if (answer.status !== 'ready') return;
    expect(answer.periods.map((entry) => [entry.name, entry.temperatureF, entry.temperatureC])).toEqual([
      ['Saturday', 95, 35],
      ['Saturday Night', 77, 25],
    ]);
    expect(answer.periods[0]).toMatchObject({ precipitationChance: 20, windSpeed: '5 to 10 mph', windDirection: 'SW', shortForecast: 'Sunny' });
    // The noon hour: 94 °F at 60 % feels like 110 °F (the NWS table's value).
    expect(answer.heat).toMatchObject({ level: 'extreme', at: '2025-07-12T12:00:00-05:00', temperatureF: 94, relativeHumidity: 60, heatIndexF: 110, basis: 'humidity' });
    expect(answer.updatedAt).toBe('2025-07-11T18:51:32+00:00');
  });

  it("goes by the day's high, and says so, when no hourly forecast reaches race day", () => {
    const answer = raceDayForecast({ periods: PERIODS, hours: null }, '2025-07-13', '2025-07-10');
    expect(answer.status === 'ready' && answer.heat).toMatchObject({ level: 'caution', heatIndexF: 84, basis: 'temperature-only', at: '2025-07-13T06:00:00-05:00' });
  });

  it('uses a humidity the 12-hour period still gives (the format before v1.13): 84 °F at 70 % is 90 °F', () => {
    const humid = PERIODS.map((entry) => (entry.name === 'Sunday' ? { ...entry, relativeHumidity: 70 } : entry));
    const answer = raceDayForecast({ periods: humid, hours: [] }, '2025-07-13', '2025-07-10');
    expect(answer.status === 'ready' && answer.heat).toMatchObject({ basis: 'humidity', heatIndexF: 90, level: 'high-risk' });
  });

  it('answers a race today whose day has passed with what is left (tonight)', () => {
    const answer = raceDayForecast({ periods: PERIODS, hours: null }, '2025-07-11', '2025-07-11');
    expect(answer.status === 'ready' && answer.periods.map((entry) => entry.name)).toEqual(['Tonight']);
  });

  it('says later, from tomorrow, when the forecast stops short of race day', () => {
    expect(raceDayForecast({ periods: PERIODS, hours: null }, '2025-07-16', '2025-07-10')).toEqual({ status: 'later', availableFrom: '2025-07-11' });
  });
});
