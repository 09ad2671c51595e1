/**
 * The heat index against the US National Weather Service's published heat index table, and the race-day
 * advice built on it: levels at their boundaries, pace, fluids, "start early", and advice without humidity.
 */
import { describe, expect, it } from 'vitest';
import { heatAdvice, heatLevelOf, localHourLabel, type RaceHour } from '#shared/weather/heat-advice';
import { heatIndexF, relativeHumidityFromDewpoint, rothfuszRegression, wholeCelsius } from '#shared/weather/heat-index';

/**
 * The NWS heat index chart (https://www.weather.gov/safety/heat-index; NOAA's table of the Rothfusz regression):
 * air temperature (°F) -> heat index at relative humidity 40, 45, ... 100 %, as far as the chart goes.
 */
const NWS_TABLE: Readonly<Record<number, readonly number[]>> = {
  80: [80, 80, 81, 81, 82, 82, 83, 84, 84, 85, 86, 86, 87],
  82: [81, 82, 83, 84, 84, 85, 86, 88, 89, 90, 91, 93, 95],
  84: [83, 84, 85, 86, 88, 89, 90, 92, 94, 96, 98, 100, 103],
  86: [85, 87, 88, 89, 91, 93, 95, 97, 100, 102, 105, 108, 112],
  88: [88, 89, 91, 93, 95, 98, 100, 103, 106, 110, 113, 117, 121],
  90: [91, 93, 95, 97, 100, 103, 106, 109, 113, 117, 122, 127, 132],
  92: [94, 96, 99, 101, 105, 108, 112, 116, 121, 126, 131],
  94: [97, 100, 102, 106, 110, 114, 119, 124, 129, 136],
  96: [101, 104, 108, 112, 116, 121, 126, 132],
  98: [105, 109, 113, 117, 123, 128, 134],
  100: [109, 114, 118, 124, 129, 136],
  102: [114, 119, 124, 130, 137],
  104: [119, 124, 131, 137],
  106: [124, 130, 137],
  108: [130, 137],
  110: [136],
};

const cells = Object.entries(NWS_TABLE).flatMap(([temperature, row]) =>
  row.map((value, column) => ({ temperature: Number(temperature), humidity: 40 + 5 * column, value })),
);

/** Cells where the chart, rounded by hand long ago, differs from the regression it was made from by one degree. */
const CHART_ROUNDING = new Set(['90/45', '94/50', '94/85']);

describe('heat index (NWS)', () => {
  it('reproduces every value of the NWS heat index table within a degree, and exactly but for three chart roundings', () => {
    expect(cells).toHaveLength(135);
    for (const { temperature, humidity, value } of cells) {
      const computed = rothfuszRegression(temperature, humidity);
      expect(Math.abs(computed - value), `${temperature} °F at ${humidity} %`).toBeLessThan(1);
      if (!CHART_ROUNDING.has(`${temperature}/${humidity}`)) expect(Math.round(computed), `${temperature} °F at ${humidity} %`).toBe(value);
    }
  });

  it('gives the table value wherever the NWS adjustments do not apply', () => {
    for (const { temperature, humidity, value } of cells) {
      if (humidity > 85 && temperature <= 87) continue;
      if (CHART_ROUNDING.has(`${temperature}/${humidity}`)) continue;
      expect(Math.round(heatIndexF(temperature, humidity)), `${temperature} °F at ${humidity} %`).toBe(value);
    }
  });

  it('adds the humid-warmth adjustment above 85 % between 80 and 87 °F, as the NWS equation page says', () => {
    // 80 °F at 100 %: the regression's 87.2 plus ((100 - 85) / 10) * ((87 - 80) / 5) = 2.1.
    expect(heatIndexF(80, 100)).toBeCloseTo(rothfuszRegression(80, 100) + 2.1, 6);
    expect(heatIndexF(86, 90)).toBeCloseTo(rothfuszRegression(86, 90) + 0.1, 6);
    expect(heatIndexF(88, 90)).toBe(rothfuszRegression(88, 90));
  });

  it('subtracts the dry-heat adjustment below 13 % between 80 and 112 °F', () => {
    // 95 °F at 5 %: [(13 - 5) / 4] * sqrt((17 - 0) / 17) = 2.
    expect(heatIndexF(95, 5)).toBeCloseTo(rothfuszRegression(95, 5) - 2, 6);
    expect(heatIndexF(100, 20)).toBe(rothfuszRegression(100, 20));
  });

  it("uses Steadman's simple formula where the result is below 80 °F", () => {
    // 0.5 * (70 + 61 + (70 - 68) * 1.2 + 50 * 0.094) = 69.05
    expect(heatIndexF(70, 50)).toBeCloseTo(69.05, 6);
    expect(heatIndexF(60, 90)).toBeCloseTo(0.5 * (60 + 61 + (60 - 68) * 1.2 + 90 * 0.094), 6);
  });

  it('works out humidity from the dew point', () => {
    expect(relativeHumidityFromDewpoint(25, 25)).toBeCloseTo(100, 6);
    // 30 °C with a 20 °C dew point is about 55 % (psychrometric tables: 54.8 %).
    expect(relativeHumidityFromDewpoint(30, 20)).toBeCloseTo(55, 0);
    expect(relativeHumidityFromDewpoint(10, -5)).toBeCloseTo(34.4, 1);
  });

  it('converts to whole degrees Celsius', () => {
    expect(wholeCelsius(32)).toBe(0);
    expect(wholeCelsius(96)).toBe(36);
    expect(wholeCelsius(-40)).toBe(-40);
  });
});

const hour = (time: string, temperatureF: number, relativeHumidity: number | null): RaceHour => ({ time, temperatureF, relativeHumidity });

describe('heat advice', () => {
  it('puts the NWS categories at 80, 90 and 103 °F of heat index', () => {
    expect(heatLevelOf(79.4)).toBe('good');
    expect(heatLevelOf(79.5)).toBe('caution');
    expect(heatLevelOf(89)).toBe('caution');
    expect(heatLevelOf(90)).toBe('high-risk');
    expect(heatLevelOf(102.4)).toBe('high-risk');
    expect(heatLevelOf(103)).toBe('extreme');
    expect(heatLevelOf(130)).toBe('extreme');
  });

  it('says good running weather, no pace change, on a mild morning', () => {
    const advice = heatAdvice([hour('2025-05-10T07:00:00-04:00', 58, 70), hour('2025-05-10T10:00:00-04:00', 66, 55)]);
    expect(advice).toMatchObject({ level: 'good', label: 'Good running weather', heatIndexF: 65, temperatureF: 66, relativeHumidity: 55, basis: 'humidity' });
    expect(advice.paceSlowdownPercent).toEqual({ min: 0, max: 0 });
    expect(advice.tips).toEqual(['No pace adjustment for heat: drink to thirst and fuel as you trained.']);
  });

  it('goes by the hottest race hour: 90 °F at 70 % feels like 106 °F, extreme, with fluids, pace and heat-illness signs', () => {
    const advice = heatAdvice([hour('2025-07-12T06:00:00-05:00', 78, 90), hour('2025-07-12T09:00:00-05:00', 86, 75), hour('2025-07-12T12:00:00-05:00', 90, 70)]);
    expect(advice.level).toBe('extreme');
    expect(advice.heatIndexF).toBe(106);
    expect(advice.heatIndexC).toBe(41);
    expect(advice.at).toBe('2025-07-12T12:00:00-05:00');
    expect(advice.paceSlowdownPercent).toEqual({ min: 10 });
    expect(advice.tips.join(' ')).toMatch(/slow down by more than 10%/);
    expect(advice.tips.join(' ')).toMatch(/150–250 ml \(5–8 oz\) every 15–20 minutes with electrolytes/);
    expect(advice.tips.join(' ')).toMatch(/signs of heat illness/);
    expect(advice.tips.join(' ')).toMatch(/heat policy/);
  });

  it('tells to start early when the race hours heat up, naming the hours', () => {
    const advice = heatAdvice([hour('2025-07-12T06:00:00-05:00', 76, 85), hour('2025-07-12T12:00:00-05:00', 91, 55)]);
    expect(advice.level).toBe('high-risk');
    expect(advice.paceSlowdownPercent).toEqual({ min: 5, max: 10 });
    expect(advice.tips[1]).toBe(`Start as early as you can: it feels like ${Math.round(heatIndexF(76, 85))}°F at 6 am and ${advice.heatIndexF}°F by noon.`);
  });

  it('says caution with 2–5% slower from 80 °F of heat index, and no start-early line when the morning is as warm', () => {
    const advice = heatAdvice([hour('2025-08-01T08:00:00-04:00', 84, 50), hour('2025-08-01T09:00:00-04:00', 84, 50)]);
    expect(advice.level).toBe('caution');
    expect(advice.heatIndexF).toBe(85);
    expect(advice.paceSlowdownPercent).toEqual({ min: 2, max: 5 });
    expect(advice.tips.some((tip) => tip.startsWith('Start as early'))).toBe(false);
  });

  it('goes by the air temperature when no humidity is forecast, and says so', () => {
    const advice = heatAdvice([hour('2025-07-20T06:00:00-07:00', 92, null)]);
    expect(advice).toMatchObject({ level: 'high-risk', heatIndexF: 92, temperatureF: 92, relativeHumidity: null, basis: 'temperature-only' });
    expect(advice.tips.at(-1)).toMatch(/Humidity is not forecast for race day yet/);
  });

  it('needs at least one hour', () => {
    expect(() => heatAdvice([])).toThrow();
  });

  it('names local hours as people say them', () => {
    expect(localHourLabel('2025-07-12T06:00:00-05:00')).toBe('6 am');
    expect(localHourLabel('2025-07-12T12:00:00-05:00')).toBe('noon');
    expect(localHourLabel('2025-07-12T13:00:00-05:00')).toBe('1 pm');
    expect(localHourLabel('2025-07-12T00:00:00-05:00')).toBe('midnight');
  });
});
