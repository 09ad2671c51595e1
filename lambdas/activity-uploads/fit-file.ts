/**
 * Reads a FIT activity file (what Garmin, Coros, Suunto, Wahoo and Zwift record) with Garmin's own SDK: one
 * RecordedActivity per session (a triathlon is a swim, a ride and a run in one file), its samples from the record
 * messages in the session's time, its totals from the session message.
 */
import { Decoder, Stream, Utils, type FitMessages, type RecordMesg, type SessionMesg } from '@garmin/fitsdk';
import type { ActivityType } from '#shared/schemas/training-log';
import { ActivityFileError, NotAnActivityError } from './activity-file-error.ts';
import type { ActivitySample, DeviceTotals, RecordedActivity } from '#lib/activities/recorded-activity';

/**
 * Trimmed where nothing read here is lost: dates stay FIT seconds (no Date object per record) and sub-fields are
 * not expanded (none is read). Components stay expanded for the heart rate merge: a swim's heart rate comes in hr
 * messages from the strap's memory, and the SDK puts it into the records. Measured on a 3-hour run of 11,000
 * records with a watch's usual fields, the read takes about 100 ms either way: the SDK's work is reading each field.
 */
const DECODER_OPTIONS = { convertDateTimesToDates: false, expandSubFields: false, expandComponents: true, mergeHeartRates: true } as const;

const DEGREES_PER_SEMICIRCLE = 180 / 2 ** 31;
/** A watch's clock is set to a zone, and zones are whole quarter hours from UTC (-12:00 to +14:00). */
const QUARTER_HOUR_MINUTES = 15;
const MAX_UTC_OFFSET_MINUTES = 14 * 60;
const MAX_HEART_RATE = 250;

type Sport = SessionMesg['sport'];
type SubSport = SessionMesg['subSport'];

const RUNNING_SUB_SPORTS = new Set(['treadmill', 'street', 'trail', 'track', 'indoorRunning', 'virtualActivity', 'obstacle', 'ultra']);
const CYCLING_SUB_SPORTS = new Set(['spin', 'indoorCycling', 'road', 'mountain', 'cyclocross', 'gravelCycling', 'trackCycling', 'handCycling', 'recumbent']);

/**
 * FIT's sport (and sub-sport, for the gym: a treadmill run is fitness equipment with sub-sport treadmill) as the
 * log's type. Training is strength work unless it is yoga (Garmin's Yoga activity is training/yoga); walking,
 * hiking, rowing, skiing and the rest are 'other'.
 */
export function activityTypeOfSport(sport: Sport, subSport: SubSport): ActivityType {
  if (subSport === 'yoga') return 'yoga';
  switch (sport) {
    case 'running':
      return 'running';
    case 'cycling':
    case 'eBiking':
      return 'cycling';
    case 'swimming':
      return 'swimming';
    case 'training':
      return 'strength';
    case 'fitnessEquipment':
      if (typeof subSport === 'string' && RUNNING_SUB_SPORTS.has(subSport)) return 'running';
      if (typeof subSport === 'string' && CYCLING_SUB_SPORTS.has(subSport)) return 'cycling';
      return subSport === 'strengthTraining' ? 'strength' : 'other';
    default:
      return 'other';
  }
}

const fitSecondsToMs = (seconds: number) => seconds * 1000 + Utils.FIT_EPOCH_MS;
const numberOr = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** A total worth keeping: the SDK gives null for a field the device left invalid, and a 0 total is no total. */
const positive = (value: unknown): number | undefined => {
  const number = numberOr(value);
  return number !== undefined && number > 0 ? number : undefined;
};

function sampleOf(record: RecordMesg): ActivitySample | undefined {
  const seconds = numberOr(record.timestamp);
  if (seconds === undefined) return undefined;
  const lat = numberOr(record.positionLat);
  const long = numberOr(record.positionLong);
  // 0,0 is what some devices write before their first fix, not a run in the Gulf of Guinea.
  const hasPosition = lat !== undefined && long !== undefined && (lat !== 0 || long !== 0);
  const elevation = numberOr(record.enhancedAltitude) ?? numberOr(record.altitude);
  const distance = numberOr(record.distance);
  const heartRate = positive(record.heartRate);
  return {
    time: fitSecondsToMs(seconds),
    ...(hasPosition ? { latitude: lat * DEGREES_PER_SEMICIRCLE, longitude: long * DEGREES_PER_SEMICIRCLE } : {}),
    ...(elevation === undefined ? {} : { elevation }),
    ...(distance === undefined ? {} : { distance }),
    ...(heartRate === undefined || heartRate > MAX_HEART_RATE ? {} : { heartRate }),
  };
}

function totalsOf(session: SessionMesg): DeviceTotals {
  const entries = {
    distanceMeters: positive(session.totalDistance),
    timerSeconds: positive(session.totalTimerTime),
    elapsedSeconds: positive(session.totalElapsedTime),
    // 0 m of climb is a real total on a track; only a missing one is left out.
    ascentMeters: numberOr(session.totalAscent),
    avgHeartRate: positive(session.avgHeartRate),
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as DeviceTotals;
}

/** Minutes east of UTC of the watch's clock: the activity message's local timestamp less its timestamp. */
function utcOffsetMinutesOf(messages: FitMessages): number | undefined {
  const activity = messages.activityMesgs?.[0];
  const local = numberOr(activity?.localTimestamp);
  const utc = numberOr(activity?.timestamp);
  if (local === undefined || utc === undefined) return undefined;
  const minutes = Math.round((local - utc) / 60 / QUARTER_HOUR_MINUTES) * QUARTER_HOUR_MINUTES;
  return Math.abs(minutes) <= MAX_UTC_OFFSET_MINUTES ? minutes : undefined;
}

const inTimeOrder = (samples: ActivitySample[]): ActivitySample[] => {
  for (let index = 1; index < samples.length; index += 1) {
    if ((samples[index] as ActivitySample).time < (samples[index - 1] as ActivitySample).time) return samples.sort((a, b) => a.time - b.time);
  }
  return samples;
};

/** "monitoringDaily" as "monitoring daily", for a message. */
const words = (camel: string) => camel.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function checkedMessages(bytes: Uint8Array): FitMessages {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  if (!decoder.isFIT()) throw new ActivityFileError('This file is not a FIT file: its header does not say ".FIT".');
  if (!decoder.checkIntegrity()) {
    throw new ActivityFileError('This FIT file is damaged: its checksum does not match its contents (was it cut short while copying?). Export it from the watch or app again.');
  }
  const { messages, errors } = decoder.read(DECODER_OPTIONS);
  if (errors.length > 0) {
    // The SDK says "FIT Runtime Error at byte 1234 <what>": the what, when there is one, helps a support question.
    const detail = String((errors[0] as Error).message ?? '').replace(/^FIT Runtime Error\s*/, '').trim();
    throw new ActivityFileError(`This FIT file could not be read${detail ? ` (${detail})` : ''}.`);
  }
  const type = messages.fileIdMesgs?.[0]?.type;
  if (type !== undefined && type !== 'activity') {
    throw new NotAnActivityError(`This FIT file is a ${typeof type === 'string' ? words(type) : `type ${type}`} file, not a recorded activity.`);
  }
  return messages;
}

/** The sessions worth a log entry: a multisport file's transitions (T1, T2) are the time between two of them. */
const loggedSessions = (sessions: readonly SessionMesg[]) => sessions.filter((session) => session.sport !== 'transition');

/** The activities in a FIT file's bytes, or an ActivityFileError saying why there are none. */
export function readFitActivities(bytes: Uint8Array): RecordedActivity[] {
  const messages = checkedMessages(bytes);
  const samples = inTimeOrder((messages.recordMesgs ?? []).flatMap((record) => sampleOf(record) ?? []));
  const utcOffsetMinutes = utcOffsetMinutesOf(messages);
  const offset = utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes };
  const sessions = [...(messages.sessionMesgs ?? [])]
    .map((session) => ({ session, start: numberOr(session.startTime) }))
    .sort((a, b) => (a.start ?? 0) - (b.start ?? 0));

  if (sessions.length === 0) {
    // Some apps write the records and no summary: the records are still the activity.
    if (samples.length === 0) throw new ActivityFileError('This FIT activity file has no recorded data in it.');
    const sport = messages.sportMesgs?.[0];
    return [{ activityType: activityTypeOfSport(sport?.sport, sport?.subSport), startedAt: new Date((samples[0] as ActivitySample).time), ...offset, samples, totals: {} }];
  }

  // Each record belongs to the last session started by its time (one before the first belongs to the first):
  // sessions' own end times are sometimes a second off their last record.
  const starts = sessions.map(({ start }) => (start === undefined ? -Infinity : fitSecondsToMs(start)));
  const bySession: ActivitySample[][] = sessions.map(() => []);
  let current = 0;
  for (const sample of samples) {
    while (current + 1 < starts.length && sample.time >= (starts[current + 1] as number)) current += 1;
    (bySession[current] as ActivitySample[]).push(sample);
  }

  const kept = new Set(loggedSessions(sessions.map(({ session }) => session)));
  const activities = sessions.flatMap(({ session, start }, index): RecordedActivity[] => {
    if (!kept.has(session)) return [];
    const own = bySession[index] as ActivitySample[];
    const startedAt = start === undefined ? own[0]?.time : fitSecondsToMs(start);
    if (startedAt === undefined) return [];
    return [{ activityType: activityTypeOfSport(session.sport, session.subSport), startedAt: new Date(startedAt), ...offset, samples: own, totals: totalsOf(session) }];
  });
  if (activities.length === 0) throw new ActivityFileError('This FIT activity file has no session with a start time in it.');
  return activities;
}
