/**
 * The local weather stand-in's forecasts: made when asked, from the clock, so race day within the week always
 * has one, and the same for every place (a test or a person trying the page knows what to expect). By a
 * place's local date, counted in days from today in New York (the product's calendar, as race dates are):
 *
 *   0 mild and sunny   1 warm, partly sunny   2 HOT AND HUMID (96 °F, dew point 75 °F: extreme heat risk)
 *   3 showers, mild    4 warm and sticky (caution)   5 breezy and cold   6 and after: pleasant
 *
 * Hours follow a day's curve (coolest at 6 am, warmest at 3 pm) with the day's dew point, so humidity is what
 * that temperature and dew point make it. Periods are cut the NWS's way: 6 am to 6 pm and 6 pm to 6 am local,
 * the first from the current hour, named 'Today' / 'This Afternoon' / 'Tonight' / 'Overnight' and then by
 * weekday; 14 of them, and 156 hourly ones.
 */
import { PRODUCT_TIME_ZONE } from '#shared/dates';
import { relativeHumidityFromDewpoint } from '#shared/weather/heat-index';

export interface DayWeather {
  readonly highF: number;
  readonly lowF: number;
  readonly dewpointF: number;
  /** Percent chance of precipitation, day and night. */
  readonly pop: readonly [number, number];
  readonly wind: { readonly speed: readonly [string, string]; readonly direction: string };
  readonly short: readonly [string, string];
  /** The sky and weather words of the detailed forecast, day and night. */
  readonly words: readonly [string, string];
}

export const FIXTURE_DAYS: readonly DayWeather[] = [
  { highF: 68, lowF: 50, dewpointF: 45, pop: [5, 5], wind: { speed: ['5 to 10 mph', '5 mph'], direction: 'NW' }, short: ['Sunny', 'Clear'], words: ['Sunny', 'Clear'] },
  { highF: 80, lowF: 60, dewpointF: 58, pop: [20, 10], wind: { speed: ['5 to 10 mph', '5 mph'], direction: 'S' }, short: ['Partly Sunny', 'Partly Cloudy'], words: ['Partly sunny', 'Partly cloudy'] },
  { highF: 96, lowF: 74, dewpointF: 75, pop: [20, 30], wind: { speed: ['5 mph', '5 mph'], direction: 'SW' }, short: ['Mostly Sunny', 'Mostly Clear'], words: ['Mostly sunny, hot and humid', 'Mostly clear and muggy'] },
  { highF: 70, lowF: 66, dewpointF: 64, pop: [80, 60], wind: { speed: ['10 to 15 mph', '10 mph'], direction: 'E' }, short: ['Showers Likely', 'Chance Showers'], words: ['Showers likely, cloudy', 'A chance of showers, mostly cloudy'] },
  { highF: 86, lowF: 64, dewpointF: 68, pop: [30, 40], wind: { speed: ['5 to 10 mph', '5 mph'], direction: 'SW' }, short: ['Chance Showers And Thunderstorms', 'Chance Showers And Thunderstorms'], words: ['A chance of showers and thunderstorms, partly sunny and humid', 'A chance of showers and thunderstorms, mostly cloudy'] },
  { highF: 58, lowF: 45, dewpointF: 34, pop: [0, 0], wind: { speed: ['15 to 25 mph', '10 to 15 mph'], direction: 'NW' }, short: ['Breezy And Sunny', 'Clear'], words: ['Breezy and sunny', 'Clear'] },
  { highF: 70, lowF: 48, dewpointF: 50, pop: [10, 10], wind: { speed: ['5 to 10 mph', '5 mph'], direction: 'W' }, short: ['Mostly Sunny', 'Mostly Clear'], words: ['Mostly sunny', 'Mostly clear'] },
];

const weatherOf = (day: number): DayWeather => FIXTURE_DAYS[Math.min(Math.max(day, 0), FIXTURE_DAYS.length - 1)]!;

const HOUR_MS = 3_600_000;
const PERIODS = 14;
const HOURS = 156;

/** The wall clock of an instant in a time zone, and its offset as ISO 8601 writes it. */
export interface LocalTime {
  readonly date: string;
  readonly hour: number;
  readonly offset: string;
  /** '2025-07-12T06:00:00-05:00' */
  readonly iso: string;
  readonly weekday: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function localTime(instant: number, timeZone: string): LocalTime {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const hour = Number(parts.hour);
  return { date, hour, offset, iso: `${date}T${String(hour).padStart(2, '0')}:${parts.minute}:00${offset}`, weekday: String(parts.weekday) };
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The temperature at a local hour: the low at 6 am, rising to the high at 3 pm, falling to the next low. */
function temperatureAt(day: number, hour: number): number {
  const today = weatherOf(day);
  if (hour >= 6 && hour <= 15) return today.lowF + (today.highF - today.lowF) * Math.sin(((hour - 6) / 9) * (Math.PI / 2));
  // Evening and night: from today's high (3 pm) towards the next morning's low, or from last night's.
  const [from, to, elapsed] = hour > 15 ? [today, weatherOf(day + 1), hour - 15] : [weatherOf(day - 1), today, hour + 9];
  return to.lowF + (from.highF - to.lowF) * Math.cos((elapsed / 15) * (Math.PI / 2));
}

const celsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;

export interface FixtureHour {
  readonly start: LocalTime;
  readonly end: LocalTime;
  readonly temperatureF: number;
  readonly dewpointC: number;
  readonly relativeHumidity: number;
  readonly day: DayWeather;
  readonly isDaytime: boolean;
}

/** The hours from the current one (156 of them), in the place's time zone. */
export function fixtureHours(now: number, timeZone: string, count = HOURS): FixtureHour[] {
  const first = Math.floor(now / HOUR_MS) * HOUR_MS;
  const today = dayNumber(localTime(now, PRODUCT_TIME_ZONE).date);
  return Array.from({ length: count }, (_, index) => {
    const start = localTime(first + index * HOUR_MS, timeZone);
    const day = dayNumber(start.date) - today;
    const weather = weatherOf(day);
    const temperatureF = Math.round(temperatureAt(day, start.hour));
    const dewpointF = Math.min(weather.dewpointF, temperatureF);
    return {
      start,
      end: localTime(first + (index + 1) * HOUR_MS, timeZone),
      temperatureF,
      dewpointC: celsius(dewpointF),
      relativeHumidity: Math.round(relativeHumidityFromDewpoint(celsius(temperatureF), celsius(dewpointF))),
      day: weather,
      isDaytime: start.hour >= 6 && start.hour < 18,
    };
  });
}

export interface FixturePeriod {
  readonly number: number;
  readonly name: string;
  readonly start: LocalTime;
  readonly end: LocalTime;
  readonly isDaytime: boolean;
  readonly temperatureF: number;
  readonly pop: number;
  readonly windSpeed: string;
  readonly windDirection: string;
  readonly shortForecast: string;
  readonly detailedForecast: string;
}

function periodName(index: number, start: LocalTime, isDaytime: boolean): string {
  if (index === 0) {
    if (isDaytime) return start.hour < 12 ? 'Today' : 'This Afternoon';
    return start.hour < 6 ? 'Overnight' : 'Tonight';
  }
  if (index === 1 && !isDaytime) return 'Tonight';
  return isDaytime ? start.weekday : `${start.weekday} Night`;
}

/** The 12-hour periods from now: cut at 6 am and 6 pm local, the day's high by day and the low by night. */
export function fixturePeriods(now: number, timeZone: string): FixturePeriod[] {
  const hours = fixtureHours(now, timeZone, 8 * 24);
  const today = dayNumber(localTime(now, PRODUCT_TIME_ZONE).date);
  const periods: FixturePeriod[] = [];
  let from = 0;
  for (let index = 1; index <= hours.length && periods.length < PERIODS; index += 1) {
    const next = hours[index];
    if (next && next.start.hour !== 6 && next.start.hour !== 18) continue;
    const slice = hours.slice(from, index);
    const first = slice[0]!;
    const isDaytime = first.isDaytime;
    // A night belongs to the day it starts on (an 'Overnight' before 6 am, to the day before).
    const day = dayNumber(first.start.date) - today - (isDaytime || first.start.hour >= 18 ? 0 : 1);
    const weather = weatherOf(day);
    const side = isDaytime ? 0 : 1;
    const temperatureF = isDaytime ? Math.max(...slice.map((hour) => hour.temperatureF)) : Math.min(...slice.map((hour) => hour.temperatureF));
    const windSpeed = weather.wind.speed[side];
    periods.push({
      number: periods.length + 1,
      name: periodName(periods.length, first.start, isDaytime),
      start: first.start,
      end: slice.at(-1)!.end,
      isDaytime,
      temperatureF,
      pop: weather.pop[side],
      windSpeed,
      windDirection: weather.wind.direction,
      shortForecast: weather.short[side],
      detailedForecast: `${weather.words[side]}, with a ${isDaytime ? 'high near' : 'low around'} ${temperatureF}. ${weather.wind.direction} wind ${windSpeed}.${
        weather.pop[side] >= 20 ? ` Chance of precipitation is ${weather.pop[side]}%.` : ''
      }`,
    });
    from = index;
  }
  return periods;
}
