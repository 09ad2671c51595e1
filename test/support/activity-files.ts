/**
 * Activity files for tests, made by the test itself: a recording laid out due north from a start point, one sample
 * each `intervalSeconds`, `stepMeters` apart while moving, standing still through an optional pause; written as FIT
 * (through Garmin's own Encoder), GPX or TCX. The figures a reader should find are known from the construction.
 */
import { Encoder, Profile, Utils, type ActivityMesg, type FileIdMesg, type LapMesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk';

export interface TrackSample {
  readonly time: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly elevation: number;
  /** Metres from the start, as a device's wheel or footpod would count them. */
  readonly distance: number;
  readonly heartRate: number;
}

export interface TrackOptions {
  readonly count: number;
  readonly stepMeters?: number;
  readonly intervalSeconds?: number;
  readonly start?: Date;
  /** A stop: `seconds` standing still after sample `afterIndex` (the next sample comes that much later, in the same place). */
  readonly pause?: { readonly afterIndex: number; readonly seconds: number };
  readonly elevation?: (index: number) => number;
  readonly heartRate?: (index: number) => number;
}

/** Metres per degree of latitude on the haversine sphere (6,371,008.8 m): a step north of d metres is d / this. */
export const METERS_PER_DEGREE_LATITUDE = (Math.PI / 180) * 6_371_008.8;

export function northboundTrack({
  count,
  stepMeters = 10,
  intervalSeconds = 1,
  start = new Date('2025-06-01T07:00:00Z'),
  pause,
  elevation = () => 1600,
  heartRate = () => 150,
}: TrackOptions): TrackSample[] {
  const samples: TrackSample[] = [];
  let time = start.getTime();
  let distance = 0;
  for (let index = 0; index < count; index += 1) {
    const resuming = pause !== undefined && index === pause.afterIndex + 1;
    if (index > 0) time += (resuming ? pause.seconds : intervalSeconds) * 1000;
    if (index > 0 && !resuming) distance += stepMeters;
    samples.push({ time, latitude: 40 + distance / METERS_PER_DEGREE_LATITUDE, longitude: -105, elevation: elevation(index), distance, heartRate: heartRate(index) });
  }
  return samples;
}

const SEMICIRCLES_PER_DEGREE = 2 ** 31 / 180;
const date = (ms: number) => new Date(ms);

export interface FitOptions {
  readonly sport?: SessionMesg['sport'];
  readonly subSport?: SessionMesg['subSport'];
  readonly fileType?: FileIdMesg['type'];
  /** Minutes east of UTC written as the activity message's local timestamp. */
  readonly utcOffsetMinutes?: number;
  /** Session totals; by default the track's own. */
  readonly totals?: { readonly distance?: number; readonly timerSeconds?: number; readonly ascent?: number; readonly avgHeartRate?: number };
  /** Write altitude as enhanced_altitude (newer devices) rather than altitude. */
  readonly enhancedAltitude?: boolean;
  /**
   * Write every record with the other fields a running watch logs each second (speed, cadence, power, temperature,
   * running dynamics): 17 fields a record, the size and decoding work of a real file.
   */
  readonly watchFields?: boolean;
}

function watchFieldsOf(index: number): RecordMesg {
  return {
    enhancedSpeed: 2.9,
    cadence: 88,
    fractionalCadence: 0.5,
    power: 250 + (index % 30),
    accumulatedPower: index * 250,
    temperature: 21,
    verticalOscillation: 85,
    stanceTime: 240,
    stepLength: 1100,
    verticalRatio: 7.8,
  };
}

/** A FIT activity file of one session: file_id, the records, a lap, the session and the activity message. */
export function fitActivity(track: readonly TrackSample[], options: FitOptions = {}): Uint8Array {
  const { sport = 'running', subSport = 'generic', fileType = 'activity', utcOffsetMinutes, enhancedAltitude = false, watchFields = false } = options;
  const first = track[0] as TrackSample;
  const last = track.at(-1) as TrackSample;
  const elapsed = (last.time - first.time) / 1000;
  const encoder = new Encoder();
  const fileId: FileIdMesg = { manufacturer: 'development', product: 1, timeCreated: date(first.time), type: fileType };
  encoder.onMesg(Profile.MesgNum.FILE_ID as number, fileId);
  for (const [index, sample] of track.entries()) {
    const record: RecordMesg = {
      ...(watchFields ? watchFieldsOf(index) : {}),
      timestamp: date(sample.time),
      positionLat: Math.round(sample.latitude * SEMICIRCLES_PER_DEGREE),
      positionLong: Math.round(sample.longitude * SEMICIRCLES_PER_DEGREE),
      ...(enhancedAltitude ? { enhancedAltitude: sample.elevation } : { altitude: sample.elevation }),
      distance: sample.distance,
      heartRate: sample.heartRate,
    };
    encoder.onMesg(Profile.MesgNum.RECORD as number, record);
  }
  const totals = {
    totalElapsedTime: elapsed,
    totalTimerTime: options.totals?.timerSeconds ?? elapsed,
    ...(options.totals?.distance === undefined ? {} : { totalDistance: options.totals.distance }),
    ...(options.totals?.ascent === undefined ? {} : { totalAscent: options.totals.ascent }),
    ...(options.totals?.avgHeartRate === undefined ? {} : { avgHeartRate: options.totals.avgHeartRate }),
  };
  const lap: LapMesg = { messageIndex: 0, timestamp: date(last.time), startTime: date(first.time), ...totals };
  const session: SessionMesg = { messageIndex: 0, timestamp: date(last.time), startTime: date(first.time), sport, subSport, firstLapIndex: 0, numLaps: 1, ...totals };
  const activity: ActivityMesg = {
    timestamp: date(last.time),
    numSessions: 1,
    totalTimerTime: totals.totalTimerTime,
    ...(utcOffsetMinutes === undefined ? {} : { localTimestamp: Utils.convertDateToDateTime(date(last.time)) + utcOffsetMinutes * 60 }),
  };
  encoder.onMesg(Profile.MesgNum.LAP as number, lap);
  encoder.onMesg(Profile.MesgNum.SESSION as number, session);
  encoder.onMesg(Profile.MesgNum.ACTIVITY as number, activity);
  return encoder.close();
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface GpxActivityOptions {
  readonly name?: string;
  readonly type?: string;
  /** Leave the <time> out: a route drawn on a map, not a recording. */
  readonly withoutTimes?: boolean;
}

/** A GPX track as Garmin and Strava write one: <time> per point, heart rate in a gpxtpx:TrackPointExtension. */
export function gpxActivity(track: readonly TrackSample[], { name = 'Morning Run', type = 'running', withoutTimes = false }: GpxActivityOptions = {}): string {
  const points = track
    .map(
      (sample) =>
        `<trkpt lat="${sample.latitude.toFixed(7)}" lon="${sample.longitude.toFixed(7)}"><ele>${sample.elevation}</ele>` +
        (withoutTimes ? '' : `<time>${iso(sample.time)}</time>`) +
        `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${sample.heartRate}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    )
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx creator="RaceFinder tests" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n' +
    `<metadata><time>${iso((track[0] as TrackSample).time)}</time></metadata>\n` +
    `<trk><name>${name}</name><type>${type}</type><trkseg>\n${points}\n</trkseg></trk>\n</gpx>\n`
  );
}

export interface TcxLap {
  readonly samples: readonly TrackSample[];
  readonly totalTimeSeconds: number;
  readonly distanceMeters: number;
}

/**
 * A TCX file as Garmin Training Center writes one, each activity a list of laps. Strava's exports start with
 * spaces before the XML declaration; `leadingSpace` writes those too.
 */
export function tcxActivities(activities: readonly { readonly sport: string; readonly laps: readonly TcxLap[] }[], { leadingSpace = false } = {}): string {
  const trackpoint = (sample: TrackSample) =>
    `<Trackpoint><Time>${iso(sample.time)}</Time><Position><LatitudeDegrees>${sample.latitude.toFixed(7)}</LatitudeDegrees>` +
    `<LongitudeDegrees>${sample.longitude.toFixed(7)}</LongitudeDegrees></Position><AltitudeMeters>${sample.elevation}</AltitudeMeters>` +
    `<DistanceMeters>${sample.distance}</DistanceMeters><HeartRateBpm><Value>${sample.heartRate}</Value></HeartRateBpm></Trackpoint>`;
  const body = activities
    .map(({ sport, laps }) => {
      const start = iso((laps[0]?.samples[0] as TrackSample).time);
      const lapText = laps
        .map(
          (lap) =>
            `<Lap StartTime="${iso((lap.samples[0] as TrackSample).time)}"><TotalTimeSeconds>${lap.totalTimeSeconds}</TotalTimeSeconds>` +
            `<DistanceMeters>${lap.distanceMeters}</DistanceMeters><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>` +
            `<Track>\n${lap.samples.map(trackpoint).join('\n')}\n</Track></Lap>`,
        )
        .join('\n');
      return `<Activity Sport="${sport}"><Id>${start}</Id>\n${lapText}\n</Activity>`;
    })
    .join('\n');
  return (
    (leadingSpace ? '          ' : '') +
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">\n' +
    `<Activities>\n${body}\n</Activities>\n</TrainingCenterDatabase>\n`
  );
}
