/**
 * What the Strava stand-in knows: its athletes and their activities, the codes and tokens it has handed out, and
 * activities as Strava's API answers them (SummaryActivity, DetailedActivity, streams by type). An activity made
 * through the control API gets realistic samples: a point every 5 s along a line north, a rolling profile and a
 * heart rate, so the app measures distance, climb, splits and route from them as it would from a watch's.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';

/** An activity as the control API takes it; everything but the start has a default (a 5 km run). */
export const NewActivitySchema = z.object({
  name: z.string().min(1).max(200).default('Morning Run'),
  sport_type: z.string().min(1).max(40).default('Run'),
  start_date: z.iso.datetime({ offset: true }),
  /** Seconds east of UTC where it was recorded (Strava's utc_offset). Default Denver in summer. */
  utc_offset: z.int().min(-14 * 3600).max(14 * 3600).default(-6 * 3600),
  distance: z.number().nonnegative().max(1_000_000).default(5000),
  moving_time: z.int().nonnegative().max(86_400).default(1500),
  elapsed_time: z.int().nonnegative().max(86_400).optional(),
  /** No GPS: no latlng stream (a treadmill). */
  gps: z.boolean().default(true),
  heartrate: z.boolean().default(true),
  /** Typed in on Strava: no streams at all. */
  manual: z.boolean().default(false),
  private: z.boolean().default(false),
});
export type NewActivity = z.output<typeof NewActivitySchema>;

export const ActivityChangeSchema = z.object({
  name: z.string().min(1).max(200).optional(),
  sport_type: z.string().min(1).max(40).optional(),
  distance: z.number().nonnegative().max(1_000_000).optional(),
  moving_time: z.int().nonnegative().max(86_400).optional(),
  private: z.boolean().optional(),
});

export interface StandInActivity extends NewActivity {
  readonly id: number;
  readonly athleteId: number;
  elapsed: number;
}

export interface StandInAthlete {
  readonly id: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly createdAt: string;
  readonly activities: Map<number, StandInActivity>;
  /** The scope the athlete granted RaceFinder, while they have. */
  authorizedScope?: string;
}

/** Where generated routes start: a park in Boulder. */
const ORIGIN = { latitude: 40.015, longitude: -105.27 };
const SAMPLE_SECONDS = 5;
const METRES_PER_DEGREE_LATITUDE = 111_195;

export const token = () => randomBytes(20).toString('hex');

/** "(GMT-06:00) America/Denver"-style names for the offsets a test uses; others as a bare offset. */
function timezoneName(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const minutes = Math.abs(offsetSeconds) / 60;
  const label = `(GMT${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')})`;
  const zone = ({ [-6 * 3600]: 'America/Denver', [-7 * 3600]: 'America/Los_Angeles', [-4 * 3600]: 'America/New_York', [-5 * 3600]: 'America/Chicago', 0: 'Etc/UTC' } as Record<number, string>)[offsetSeconds];
  return zone ? `${label} ${zone}` : label;
}

/** Strava's start_date_local: the local clock's reading, written with a Z as Strava does. */
function localStart(activity: StandInActivity): string {
  return new Date(Date.parse(activity.start_date) + activity.utc_offset * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const typeOf = (sportType: string) => (/Ride$/.test(sportType) ? 'Ride' : /Run$/.test(sportType) ? 'Run' : sportType);

export function athleteJson(athlete: StandInAthlete) {
  return {
    id: athlete.id,
    username: `${athlete.firstname}.${athlete.lastname}`.toLowerCase().replace(/[^a-z0-9.]/g, ''),
    resource_state: 2,
    firstname: athlete.firstname,
    lastname: athlete.lastname,
    city: 'Boulder',
    state: 'Colorado',
    country: 'United States',
    sex: null,
    premium: false,
    summit: false,
    created_at: athlete.createdAt,
    updated_at: athlete.createdAt,
    profile_medium: 'avatar/athlete/medium.png',
    profile: 'avatar/athlete/large.png',
  };
}

/** A SummaryActivity (resource_state 2) or a DetailedActivity (3). */
export function activityJson(activity: StandInActivity, detailed: boolean) {
  const climb = activity.gps && !activity.manual ? Math.round((activity.distance / 1000) * 12 * 10) / 10 : 0;
  return {
    resource_state: detailed ? 3 : 2,
    athlete: { id: activity.athleteId, resource_state: 1 },
    name: activity.name,
    distance: activity.distance,
    moving_time: activity.moving_time,
    elapsed_time: activity.elapsed,
    total_elevation_gain: climb,
    type: typeOf(activity.sport_type),
    sport_type: activity.sport_type,
    id: activity.id,
    start_date: new Date(activity.start_date).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    start_date_local: localStart(activity),
    timezone: timezoneName(activity.utc_offset),
    utc_offset: activity.utc_offset,
    manual: activity.manual,
    private: activity.private,
    visibility: activity.private ? 'only_me' : 'everyone',
    has_heartrate: activity.heartrate && !activity.manual,
    ...(activity.heartrate && !activity.manual ? { average_heartrate: 150, max_heartrate: 171 } : {}),
    average_speed: activity.moving_time > 0 ? Math.round((activity.distance / activity.moving_time) * 1000) / 1000 : 0,
    map: { id: `a${activity.id}`, summary_polyline: '', resource_state: 2 },
    ...(detailed ? { description: null, calories: Math.round(activity.distance / 15), device_name: 'RaceFinder local stand-in' } : {}),
  };
}

type StreamKey = 'time' | 'latlng' | 'altitude' | 'heartrate' | 'distance';

/** The activity's streams as Strava answers them: by type with key_by_type=true, else a list with a `type` each. */
export function streamsJson(activity: StandInActivity, keys: readonly string[], byType: boolean): unknown {
  const count = Math.max(2, Math.floor(activity.moving_time / SAMPLE_SECONDS) + 1);
  const step = activity.distance / (count - 1);
  const all: Record<StreamKey, unknown[]> = { time: [], latlng: [], altitude: [], heartrate: [], distance: [] };
  for (let index = 0; index < count; index += 1) {
    const metres = step * index;
    all.time.push(Math.min(activity.moving_time, index * SAMPLE_SECONDS));
    all.distance.push(Math.round(metres * 10) / 10);
    all.latlng.push([Math.round((ORIGIN.latitude + metres / METRES_PER_DEGREE_LATITUDE) * 1e7) / 1e7, ORIGIN.longitude]);
    all.altitude.push(Math.round((1620 + 12 * Math.sin(metres / 400)) * 10) / 10);
    all.heartrate.push(index % 2 === 0 ? 145 : 155);
  }
  const present: StreamKey[] = ['time', 'distance', 'altitude', ...(activity.gps ? (['latlng'] as const) : []), ...(activity.heartrate ? (['heartrate'] as const) : [])];
  // Strava always answers the distance stream, and the time stream with any other.
  const asked = new Set([...keys, 'distance']);
  const streams = present.filter((key) => asked.has(key)).map((key) => ({ type: key, data: all[key], series_type: 'distance', original_size: count, resolution: 'high' }));
  if (!byType) return streams;
  return Object.fromEntries(streams.map(({ type, ...stream }) => [type, stream]));
}
