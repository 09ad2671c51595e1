/**
 * GPX files for tests: a course laid out along a line from a start point, each point `stepMeters` further north-east,
 * with the elevations given (or none), as a track (<trkpt>) or a route (<rtept>).
 */
export interface GpxOptions {
  readonly elevations: readonly (number | undefined)[];
  readonly stepMeters?: number;
  readonly start?: { readonly latitude: number; readonly longitude: number };
  readonly name?: string;
  readonly as?: 'track' | 'route';
}

const METERS_PER_DEGREE = 111_195;

/** The points' coordinates: each step half north, half east, so the distance is steps x stepMeters. */
export function gpxText({ elevations, stepMeters = 100, start = { latitude: 40, longitude: -105 }, name = 'Test course', as = 'track' }: GpxOptions): string {
  const stepDegrees = stepMeters / METERS_PER_DEGREE / Math.SQRT2;
  const cos = Math.cos((start.latitude * Math.PI) / 180);
  const tag = as === 'track' ? 'trkpt' : 'rtept';
  const points = elevations
    .map((elevation, index) => {
      const latitude = start.latitude + index * stepDegrees;
      const longitude = start.longitude + (index * stepDegrees) / cos;
      const ele = elevation === undefined ? '' : `<ele>${elevation}</ele>`;
      return `<${tag} lat="${latitude.toFixed(7)}" lon="${longitude.toFixed(7)}">${ele}</${tag}>`;
    })
    .join('\n');
  const body = as === 'track' ? `<trk><name>${name}</name><trkseg>\n${points}\n</trkseg></trk>` : `<rte><name>${name}</name>\n${points}\n</rte>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="RaceFinder tests" xmlns="http://www.topografix.com/GPX/1/1">\n${body}\n</gpx>\n`;
}

/** A rolling course of `points` points 100 m apart: a smooth hill every 2 km, `amplitude` metres high. */
export function hillyElevations(points: number, amplitude: number, base = 1600): number[] {
  return Array.from({ length: points }, (_, index) => base + amplitude * (1 - Math.cos((2 * Math.PI * index) / 20)) / 2);
}
