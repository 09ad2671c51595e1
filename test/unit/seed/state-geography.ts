import { isStateCode, type StateCode } from '#shared/us-states';

/**
 * Independent reference data for checking the seed's places: each state's rough bounding box
 * [south, north, west, east] in degrees and its ZIP code prefixes (first three digits, inclusive ranges).
 * Written from the public USPS prefix table and state outlines, not derived from the seed.
 */
export const STATE_BOUNDS: Readonly<Record<StateCode, readonly [number, number, number, number]>> = {
  AL: [30.1, 35.1, -88.5, -84.9], AK: [51, 71.5, -180, -129], AZ: [31.3, 37, -114.9, -109],
  AR: [33, 36.5, -94.7, -89.6], CA: [32.5, 42, -124.5, -114.1], CO: [37, 41, -109.1, -102],
  CT: [40.95, 42.05, -73.75, -71.78], DE: [38.45, 39.85, -75.8, -75], DC: [38.79, 39, -77.12, -76.9],
  FL: [24.4, 31, -87.7, -80], GA: [30.35, 35, -85.6, -80.8], HI: [18.9, 22.3, -160.3, -154.8],
  ID: [42, 49, -117.25, -111], IL: [36.97, 42.5, -91.52, -87], IN: [37.77, 41.77, -88.1, -84.78],
  IA: [40.37, 43.5, -96.64, -90.14], KS: [37, 40, -102.05, -94.59], KY: [36.5, 39.15, -89.57, -81.96],
  LA: [28.9, 33.02, -94.04, -88.8], ME: [42.97, 47.46, -71.08, -66.95], MD: [37.9, 39.72, -79.49, -75.05],
  MA: [41.24, 42.89, -73.5, -69.93], MI: [41.7, 48.3, -90.42, -82.41], MN: [43.5, 49.38, -97.24, -89.49],
  MS: [30.17, 35, -91.66, -88.1], MO: [35.99, 40.61, -95.77, -89.1], MT: [44.36, 49, -116.05, -104.04],
  NE: [40, 43, -104.05, -95.31], NV: [35, 42, -120, -114.04], NH: [42.7, 45.31, -72.56, -70.6],
  NJ: [38.93, 41.36, -75.56, -73.89], NM: [31.33, 37, -109.05, -103], NY: [40.5, 45.02, -79.76, -71.85],
  NC: [33.84, 36.59, -84.32, -75.46], ND: [45.93, 49, -104.05, -96.55], OH: [38.4, 41.98, -84.82, -80.52],
  OK: [33.62, 37, -103, -94.43], OR: [41.99, 46.29, -124.57, -116.46], PA: [39.72, 42.27, -80.52, -74.69],
  RI: [41.15, 42.02, -71.86, -71.12], SC: [32.03, 35.22, -83.35, -78.54], SD: [42.48, 45.95, -104.06, -96.44],
  TN: [34.98, 36.68, -90.31, -81.65], TX: [25.84, 36.5, -106.65, -93.51], UT: [37, 42, -114.05, -109.04],
  VT: [42.73, 45.02, -73.44, -71.46], VA: [36.54, 39.47, -83.68, -75.24], WA: [45.54, 49, -124.85, -116.92],
  WV: [37.2, 40.64, -82.64, -77.72], WI: [42.49, 47.08, -92.89, -86.25], WY: [41, 45, -111.06, -104.05],
};

export const ZIP_PREFIXES: Readonly<Record<StateCode, readonly (readonly [number, number])[]>> = {
  AL: [[350, 369]], AK: [[995, 999]], AZ: [[850, 865]], AR: [[716, 729]], CA: [[900, 961]], CO: [[800, 816]],
  CT: [[60, 69]], DE: [[197, 199]], DC: [[200, 205]], FL: [[320, 349]], GA: [[300, 319], [398, 399]],
  HI: [[967, 968]], ID: [[832, 838]], IL: [[600, 629]], IN: [[460, 479]], IA: [[500, 528]], KS: [[660, 679]],
  KY: [[400, 427]], LA: [[700, 714]], ME: [[39, 49]], MD: [[206, 219]], MA: [[10, 27], [55, 55]],
  MI: [[480, 499]], MN: [[550, 567]], MS: [[386, 397]], MO: [[630, 658]], MT: [[590, 599]], NE: [[680, 693]],
  NV: [[889, 898]], NH: [[30, 38]], NJ: [[70, 89]], NM: [[870, 884]], NY: [[100, 149], [5, 5], [63, 63]],
  NC: [[270, 289]], ND: [[580, 588]], OH: [[430, 459]], OK: [[730, 749]], OR: [[970, 979]], PA: [[150, 196]],
  RI: [[28, 29]], SC: [[290, 299]], SD: [[570, 577]], TN: [[370, 385]], TX: [[750, 799], [733, 733], [885, 885]],
  UT: [[840, 847]], VT: [[50, 59]], VA: [[220, 246], [201, 201]], WA: [[980, 994]], WV: [[247, 268]],
  WI: [[530, 549]], WY: [[820, 831]],
};

/** Within the state's box, with `margin` degrees of slack for venues a little outside the city. */
export function insideState(state: string, latitude: number, longitude: number, margin = 0.1): boolean {
  if (!isStateCode(state)) return false;
  const [south, north, west, east] = STATE_BOUNDS[state];
  return latitude >= south - margin && latitude <= north + margin && longitude >= west - margin && longitude <= east + margin;
}

export function zipBelongsTo(state: string, zipCode: string): boolean {
  if (!isStateCode(state)) return false;
  const prefix = Number(zipCode.slice(0, 3));
  return /^\d{5}$/.test(zipCode) && ZIP_PREFIXES[state].some(([low, high]) => prefix >= low && prefix <= high);
}
