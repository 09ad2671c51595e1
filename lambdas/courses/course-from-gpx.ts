/**
 * From an uploaded GPX file to what RaceFinder keeps of the course: the checks a race course must pass, its
 * distance, smoothed gain and loss, the simplified line and the elevation profile. The rules of what is
 * refused live here, each with the words the organizer reads.
 */
import type { Course } from '#shared/schemas/course';
import { GpxFileError, parseGpx } from '#lib/tracks/gpx-parse';
import { cumulativeDistances, filledElevations, MAX_PROFILE_POINTS, simplifiedLine, smoothedProfile, thinned } from '#lib/tracks/track-math';

/** A course's problem, as the 400 the organizer reads: the file's own (GpxFileError) or a course rule's. */
export class CourseFileError extends GpxFileError {}

/** Fewer points than this is not a course drawn or recorded, just a few marks. */
export const MIN_COURSE_POINTS = 10;
/** The shortest and longest course taken: below a track lap, or past any one-stage race (Race Across America is a stage race of many days; its stages come one file each). */
export const MIN_COURSE_METERS = 100;
export const MAX_COURSE_METERS = 1_000_000;
/** Elevations no race reaches: below the Dead Sea's shore, above the highest summits. */
const LOWEST_ELEVATION = -450;
const HIGHEST_ELEVATION = 9_000;

export type CourseContent = Omit<Course, 'eventId' | 'uploadedAt'>;

const km = (meters: number) => (meters / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The course in a GPX file, or a CourseFileError (a 400) saying what is wrong with the file. */
export function courseFromGpx(text: string): CourseContent {
  const { name, points } = parseGpx(text);
  if (points.length < MIN_COURSE_POINTS) {
    throw new CourseFileError(`The file has ${points.length} point${points.length === 1 ? '' : 's'}; a course needs at least ${MIN_COURSE_POINTS}.`);
  }
  const along = cumulativeDistances(points);
  const distance = along.at(-1) ?? 0;
  if (distance < MIN_COURSE_METERS) throw new CourseFileError(`The course in this file is only ${Math.round(distance)} m long; is it the right file?`);
  if (distance > MAX_COURSE_METERS) throw new CourseFileError(`The course in this file is ${km(distance)} km long, more than ${km(MAX_COURSE_METERS)} km; is it the right file?`);
  const withElevation = points.filter((point) => point.elevation !== undefined).length;
  if (withElevation < points.length / 2) {
    throw new CourseFileError('The file has no elevations (<ele>) for most of its points. Export the course with elevation data.');
  }
  const outOfRange = points.find((point) => point.elevation !== undefined && (point.elevation < LOWEST_ELEVATION || point.elevation > HIGHEST_ELEVATION));
  if (outOfRange) throw new CourseFileError(`The file gives an elevation of ${outOfRange.elevation} m, which no course reaches; are its elevations in metres?`);
  const elevations = filledElevations(points, along) as number[];
  const { samples, gain, loss } = smoothedProfile(along, elevations);
  const heights = samples.map(([, elevation]) => elevation);
  return {
    ...(name ? { name } : {}),
    distanceMeters: Math.round(distance),
    gainMeters: Math.round(gain),
    lossMeters: Math.round(loss),
    line: simplifiedLine(points),
    profile: thinned(samples, MAX_PROFILE_POINTS).map(([at, elevation]) => [Math.round(at), Math.round(elevation * 10) / 10]),
    minElevationMeters: Math.round(Math.min(...heights)),
    maxElevationMeters: Math.round(Math.max(...heights)),
    pointCount: points.length,
  };
}
