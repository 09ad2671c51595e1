/**
 * Reads a GPX file's course: its track points (every <trkpt> of every <trk>), or its route points (<rtept>) when
 * it has no track, each with its elevation (<ele>) when given, and, for a recorded activity (activity-files), each
 * point's <time> and heart rate and the track's <type>. Streamed through saxes, a strict XML parser that never
 * fetches or expands anything a DOCTYPE declares (no external entities, no entity bombs), so a hostile file costs
 * no more than its size. Every problem is a GpxFileError with words the uploader can act on.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { BadRequestError } from '#lib/errors';

/** A file's problem, as the 400 the organizer reads. */
/** A GPX file's problem, as the 400 its uploader reads (a course's rules add their own: lambdas/courses/course-from-gpx.ts). */
export class GpxFileError extends BadRequestError {}

export interface GpxPoint {
  readonly latitude: number;
  readonly longitude: number;
  /** Metres above sea level, when the file gives it. */
  readonly elevation: number | undefined;
  /** Milliseconds since the epoch (<time>), when the file gives it: a recording has one per point, a drawn route none. */
  readonly time?: number;
  /** Beats per minute, from an extension element named hr (Garmin's gpxtpx:hr, which Strava writes too). */
  readonly heartRate?: number;
}

export interface GpxCourse {
  readonly name: string | undefined;
  readonly points: readonly GpxPoint[];
  /** The track's <type>: free text ('running', 'cycling'), or Strava's number ('9' for a run). */
  readonly type?: string;
}

/** What the file is to the person uploading it, named in the messages that speak of it. */
export type GpxSubject = 'course' | 'activity';

/** More points than any race course needs (a 24-hour race recorded every second is 86,400): bounds the work. */
export const MAX_GPX_POINTS = 200_000;

const NOT_XML = 'This file is not a GPX file: it is not readable XML.';

/**
 * Elements a GPX file nests at the most: gpx > trk > trkseg > trkpt > extensions, and a few levels of a tool's own
 * extensions. A deeper file is no course, and refusing it bounds the parse: saxes's work per tag grows with depth.
 */
export const MAX_GPX_DEPTH = 32;

/** An element's name without its namespace prefix ('gpxtpx:hr' is 'hr'): GPX's own elements are unprefixed. */
const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

interface Collecting {
  latitude: number;
  longitude: number;
  elevation: number | undefined;
  time?: number;
  heartRate?: number;
}

/** A heart rate a person can have; anything else (0 for a lost strap, a byte's 255) is no reading. */
const MAX_HEART_RATE = 250;

function pointOf(tag: SaxesTagPlain, index: number): Collecting {
  const attribute = (name: string): string | undefined => tag.attributes[name];
  const latitude = Number(attribute('lat'));
  const longitude = Number(attribute('lon'));
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || attribute('lat') === '' || attribute('lon') === '') {
    throw new GpxFileError(`Point ${index + 1} of the file has no valid latitude and longitude.`);
  }
  return { latitude, longitude, elevation: undefined };
}

/** The course (or activity) in a GPX document (text), or a GpxFileError saying why there is none. */
export function parseGpx(text: string, subject: GpxSubject = 'course'): GpxCourse {
  // Without namespace processing, which walks every open element for each tag (a deep file made it quadratic).
  const parser = new SaxesParser({ xmlns: false });
  const track: GpxPoint[] = [];
  const route: GpxPoint[] = [];
  const open: string[] = [];
  let rootSeen = false;
  let current: Collecting | undefined;
  let currentIsTrack = false;
  let textOf: 'ele' | 'name' | 'time' | 'hr' | 'type' | undefined;
  let buffer = '';
  let name: string | undefined;
  let type: string | undefined;

  parser.on('opentag', (tag) => {
    const local = localName(tag.name);
    if (open.length >= MAX_GPX_DEPTH) throw new GpxFileError(`This file nests its elements more than ${MAX_GPX_DEPTH} deep, which no GPX ${subject} does.`);
    if (!rootSeen) {
      rootSeen = true;
      if (local !== 'gpx') throw new GpxFileError(`This file is XML but not GPX: its root element is <${tag.name}>, not <gpx>.`);
    }
    if (local === 'trkpt' || local === 'rtept') {
      currentIsTrack = local === 'trkpt';
      current = pointOf(tag, track.length + route.length);
    } else if ((local === 'ele' || local === 'time' || local === 'hr') && current) {
      textOf = local;
      buffer = '';
    } else if (local === 'type' && type === undefined && (open.at(-1) === 'trk' || open.at(-1) === 'rte')) {
      textOf = 'type';
      buffer = '';
    } else if (local === 'name' && name === undefined && (open.at(-1) === 'trk' || open.at(-1) === 'rte')) {
      textOf = 'name';
      buffer = '';
    }
    open.push(local);
  });
  parser.on('text', (chunk) => {
    if (textOf) buffer += chunk;
  });
  parser.on('closetag', (tag) => {
    open.pop();
    const local = localName(tag.name);
    if (local === 'ele' && current && textOf === 'ele') {
      const elevation = Number(buffer.trim());
      // An empty or unreadable <ele> is a point without elevation (filled from its neighbours), not a bad file.
      current.elevation = buffer.trim() !== '' && Number.isFinite(elevation) ? elevation : undefined;
      textOf = undefined;
    } else if (local === 'time' && current && textOf === 'time') {
      // An unreadable <time> leaves the point without one, as a missing one does: the activity reader decides.
      const time = Date.parse(buffer.trim());
      if (Number.isFinite(time)) current.time = time;
      textOf = undefined;
    } else if (local === 'hr' && current && textOf === 'hr') {
      const heartRate = Number(buffer.trim());
      if (buffer.trim() !== '' && heartRate > 0 && heartRate <= MAX_HEART_RATE) current.heartRate = heartRate;
      textOf = undefined;
    } else if (local === 'type' && textOf === 'type') {
      const trimmed = buffer.trim();
      if (trimmed) type = trimmed.slice(0, 100);
      textOf = undefined;
    } else if (local === 'name' && textOf === 'name') {
      const trimmed = buffer.trim().replace(/\s+/g, ' ');
      if (trimmed) name = trimmed.slice(0, 200);
      textOf = undefined;
    } else if ((local === 'trkpt' || local === 'rtept') && current) {
      (currentIsTrack ? track : route).push(current);
      current = undefined;
      if (track.length + route.length > MAX_GPX_POINTS) {
        throw new GpxFileError(`The file has more than ${MAX_GPX_POINTS.toLocaleString('en-US')} points. Export the ${subject} again with fewer points.`);
      }
    }
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof GpxFileError) throw error;
    // saxes says where ('3:14: unclosed tag'); the line helps the organizer find what their tool wrote wrong.
    const where = /^(?:[^:]*:)?(\d+):(\d+):/.exec((error as Error).message);
    throw new GpxFileError(where ? `${NOT_XML} The XML breaks at line ${where[1]}.` : NOT_XML);
  }
  if (!rootSeen) throw new GpxFileError(NOT_XML);
  const points = track.length > 0 ? track : route;
  if (points.length === 0) throw new GpxFileError(`The GPX file has no track or route points (<trkpt> or <rtept>), so there is no ${subject} in it.`);
  return { name, points, ...(type === undefined ? {} : { type }) };
}
