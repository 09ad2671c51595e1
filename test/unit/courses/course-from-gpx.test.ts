import { describe, expect, it } from 'vitest';
import { courseFromGpx } from '../../../lambdas/courses/course-from-gpx.ts';
import { gainAndLoss, haversineMeters, simplifiedLine } from '../../../lambdas/lib/tracks/track-math.ts';
import { GpxFileError, parseGpx } from '../../../lambdas/lib/tracks/gpx-parse.ts';
import { elevationClassOf } from '../../../shared/course-elevation.ts';
import { formatElevation } from '../../../shared/elevation-format.ts';
import { gpxText, hillyElevations } from '../../support/gpx.ts';

const refusal = (text: string) => {
  try {
    courseFromGpx(text);
  } catch (error) {
    // The file's own problems and the course rules' alike: a 400 the organizer reads.
    expect(error).toBeInstanceOf(GpxFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
};

describe('course math', () => {
  it('measures a degree of latitude as about 111.2 km', () => {
    expect(haversineMeters({ latitude: 40, longitude: -105 }, { latitude: 41, longitude: -105 })).toBeCloseTo(111_195, -1);
  });

  it('counts a climb only once it passes the threshold from the last turning point', () => {
    expect(gainAndLoss([100, 101, 100, 101, 100, 101], 2)).toEqual({ gain: 0, loss: 0 });
    expect(gainAndLoss([100, 103, 106, 104, 100], 2)).toEqual({ gain: 6, loss: 6 });
  });

  it('keeps a straight line as its two ends and a zigzag as its corners', () => {
    const straight = Array.from({ length: 50 }, (_, index) => ({ latitude: 40 + index * 0.001, longitude: -105, elevation: 0 }));
    expect(simplifiedLine(straight)).toHaveLength(2);
    const zigzag = Array.from({ length: 9 }, (_, index) => ({ latitude: 40 + index * 0.01, longitude: -105 + (index % 2) * 0.01, elevation: 0 }));
    expect(simplifiedLine(zigzag)).toHaveLength(9);
  });

  it('simplifies a long wiggly track to at most 400 points', () => {
    const points = Array.from({ length: 20_000 }, (_, index) => ({ latitude: 40 + index * 0.0001, longitude: -105 + Math.sin(index / 3) * 0.001, elevation: 0 }));
    const line = simplifiedLine(points);
    expect(line.length).toBeLessThanOrEqual(400);
    expect(line.length).toBeGreaterThan(50);
    expect(line[0]).toEqual([40, -105]);
  });

  it('classes courses by climb per km', () => {
    expect(elevationClassOf(40, 10_000)).toBe('flat');
    expect(elevationClassOf(50, 10_000)).toBe('rolling');
    expect(elevationClassOf(120, 10_000)).toBe('hilly');
    expect(elevationClassOf(250, 10_000)).toBe('mountainous');
    expect(formatElevation('mi', 100)).toBe('328 ft');
    expect(formatElevation('km', 1234.4)).toBe('1,234 m');
  });
});

describe('courseFromGpx', () => {
  it('measures a track: distance, smoothed gain and loss, profile and line', () => {
    // 101 points 100 m apart: 10 km with five 50 m hills.
    const course = courseFromGpx(gpxText({ elevations: hillyElevations(101, 50) }));
    expect(course.name).toBe('Test course');
    expect(course.pointCount).toBe(101);
    expect(course.distanceMeters).toBeGreaterThan(9_950);
    expect(course.distanceMeters).toBeLessThan(10_050);
    // Smoothing flattens the tops a little: about 5 x 50 m up and down.
    expect(course.gainMeters).toBeGreaterThan(200);
    expect(course.gainMeters).toBeLessThanOrEqual(250);
    expect(course.lossMeters).toBeGreaterThan(200);
    expect(course.profile.length).toBeLessThanOrEqual(400);
    expect(course.profile[0]?.[0]).toBe(0);
    expect(course.profile.at(-1)?.[0]).toBe(course.distanceMeters);
    expect(course.minElevationMeters).toBeGreaterThanOrEqual(1600);
    expect(course.maxElevationMeters).toBeLessThanOrEqual(1650);
    // A straight course: its line is its two ends.
    expect(course.line).toHaveLength(2);
  });

  it('does not count GPS jitter on a flat course as climb', () => {
    const jitter = Array.from({ length: 421 }, (_, index) => 10 + (index % 2 === 0 ? 1.5 : -1.5));
    const course = courseFromGpx(gpxText({ elevations: jitter }));
    expect(course.gainMeters).toBe(0);
    expect(course.lossMeters).toBe(0);
  });

  it('reads route points when the file has no track, and fills a missing elevation from its neighbours', () => {
    const elevations = hillyElevations(30, 10).map((elevation, index) => (index === 5 ? undefined : elevation));
    const course = courseFromGpx(gpxText({ elevations, as: 'route' }));
    expect(course.pointCount).toBe(30);
    expect(course.distanceMeters).toBeGreaterThan(2_850);
  });

  it('refuses what is not a course, saying why', () => {
    expect(refusal('this is not xml')).toMatch(/not a GPX file: it is not readable XML/);
    expect(refusal('<gpx><trk>')).toMatch(/not readable XML/);
    expect(refusal('<?xml version="1.0"?><kml><Document/></kml>')).toMatch(/XML but not GPX: its root element is <kml>/);
    expect(refusal('<gpx version="1.1"><metadata/></gpx>')).toMatch(/no track or route points/);
    expect(refusal(gpxText({ elevations: [1, 2, 3] }))).toMatch(/has 3 points; a course needs at least 10/);
    expect(refusal(gpxText({ elevations: hillyElevations(20, 1), stepMeters: 2 }))).toMatch(/only 38 m long/);
    expect(refusal(gpxText({ elevations: hillyElevations(20, 1), stepMeters: 100_000 }))).toMatch(/more than 1,000 km/);
    expect(refusal(gpxText({ elevations: Array.from({ length: 20 }, () => undefined) }))).toMatch(/no elevations/);
    expect(refusal(gpxText({ elevations: hillyElevations(20, 1, 30_000) }))).toMatch(/no course reaches/);
    expect(refusal('<gpx><trk><trkseg><trkpt lat="north" lon="1"/></trkseg></trk></gpx>')).toMatch(/Point 1 .* no valid latitude/);
  });

  it('refuses a file nested deeper than any GPX, before its depth costs anything', () => {
    expect(refusal(`<gpx>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</gpx>`)).toMatch(/nests its elements more than 32 deep/);
  });

  it('reads prefixed GPX elements by their local names', () => {
    const prefixed = gpxText({ elevations: hillyElevations(30, 10) }).replaceAll('<', '<g:').replaceAll('<g:/', '</g:').replaceAll('<g:?', '<?');
    expect(courseFromGpx(prefixed).pointCount).toBe(30);
  });

  it('fills elevations missing after the last known one from it, in one pass', () => {
    const elevations = [...hillyElevations(20, 10), ...Array.from({ length: 20 }, () => undefined)];
    const course = courseFromGpx(gpxText({ elevations }));
    expect(course.pointCount).toBe(40);
    expect(course.profile.at(-1)?.[1]).toBeCloseTo(elevations[19]!, 0);
  });

  it('simplifies a crafted zigzag of 20,000 points to a bounded line (Douglas-Peucker is given an even pick)', () => {
    const zigzag = Array.from({ length: 20_000 }, (_, index) => ({ latitude: 40 + index * 0.0003, longitude: -74 + (index % 2) * (0.001 - index * 4e-8), elevation: 1 }));
    const line = simplifiedLine(zigzag);
    expect(line.length).toBeGreaterThan(1);
    expect(line.length).toBeLessThanOrEqual(400);
  });

  it('expands no entity a DOCTYPE declares', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><gpx><trk><name>&b;</name></trk></gpx>`;
    expect(() => parseGpx(bomb)).toThrow(GpxFileError);
  });
});
