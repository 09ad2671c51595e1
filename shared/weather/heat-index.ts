/**
 * The heat index ("feels like" in the heat) the way the US National Weather Service computes it
 * (https://www.wpc.ncep.noaa.gov/html/heatindex_equation.shtml): Steadman's simple formula below about 80 °F,
 * else the Rothfusz regression with its two adjustments for very dry and very humid air. Pure, so the server's
 * advice and the unit tests (against the NWS heat index table) use the very same numbers.
 */

export const fahrenheitToCelsius = (fahrenheit: number): number => ((fahrenheit - 32) * 5) / 9;
export const celsiusToFahrenheit = (celsius: number): number => (celsius * 9) / 5 + 32;

/** Whole degrees Celsius of a Fahrenheit temperature, as screens show both. */
export const wholeCelsius = (fahrenheit: number): number => Math.round(fahrenheitToCelsius(fahrenheit));

/**
 * Relative humidity (%) from air temperature and dew point, both in °C (the Magnus formula with the
 * Alduchov-Eskridge constants; within about 0.4 % of humidity in the range weather has). For a forecast that
 * gives a dew point but no humidity.
 */
export function relativeHumidityFromDewpoint(temperatureC: number, dewpointC: number): number {
  const b = 17.625;
  const c = 243.04;
  const humidity = 100 * Math.exp((b * dewpointC) / (c + dewpointC) - (b * temperatureC) / (c + temperatureC));
  return Math.min(100, Math.max(0, humidity));
}

/**
 * The Rothfusz regression alone (°F, humidity in percent): the fit to Steadman's model behind the NWS heat index
 * table, within about 1.3 °F of it for temperatures of 80 °F and more and humidity of 40 % and more.
 */
export function rothfuszRegression(t: number, rh: number): number {
  return (
    -42.379 +
    2.04901523 * t +
    10.14333127 * rh -
    0.22475541 * t * rh -
    0.00683783 * t * t -
    0.05481717 * rh * rh +
    0.00122874 * t * t * rh +
    0.00085282 * t * rh * rh -
    0.00000199 * t * t * rh * rh
  );
}

/** The heat index in °F of an air temperature in °F and a relative humidity in percent (0 to 100). */
export function heatIndexF(temperatureF: number, relativeHumidity: number): number {
  const t = temperatureF;
  const rh = Math.min(100, Math.max(0, relativeHumidity));
  // Steadman's simple formula; the NWS keeps it when its average with the temperature is below 80 °F.
  const simple = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094);
  if ((simple + t) / 2 < 80) return simple;
  const index = rothfuszRegression(t, rh);
  // The NWS's two corrections where the regression strays: very dry heat, and very humid warmth.
  if (rh < 13 && t >= 80 && t <= 112) return index - ((13 - rh) / 4) * Math.sqrt((17 - Math.abs(t - 95)) / 17);
  if (rh > 85 && t >= 80 && t <= 87) return index + ((rh - 85) / 10) * ((87 - t) / 5);
  return index;
}
