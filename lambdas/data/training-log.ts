/**
 * The training log: an athlete's workouts, each written with the aggregates it counts for
 * (training-figures.ts) in one transaction.
 *
 * | item          | PK          | SK          | GSI1 (by date)                 | GSI2 (by distance)                      | GSI3 (by duration)                    |
 * | training log  | USER#<sub>  | LOG#<id>    | USER#<sub>#LOGS / <date>#<id>  | USER#<sub>#LOGS / <metres:7>#<date>#<id> | USER#<sub>#LOGS / <minutes:4>#<date>#<id> |
 * | start marker  | USER#<sub>  | LOGSTART#<startedAt> (ISO instant) → { logId }: the entry a recorded activity made |
 * | route         | USER#<sub>  | LOGROUTE#<id> → { route }: a recorded entry's route, apart from the entry, whose
 *                   every copy (the table's and three indexes') and every journal page would otherwise carry it |
 * | Strava marker | USER#<sub>  | LOGSTRAVA#<activityId> → { logId }: the entry a Strava activity made (docs/strava.md) |
 *
 * The table key is the log's id rather than DESIGN's LOG#<date>#<id>: an edit may move a log to another day,
 * and a key that never changes keeps edits and deletes one GetItem and one transaction. The journal's four
 * orders are the three indexes read forwards or backwards. Search text and the activity filter are
 * FilterExpressions on the athlete's own partition, read in bounded slices so a page costs a bounded read.
 *
 * Access patterns (docs/data-model.md): a log (table, PK = USER#<sub>, SK = LOG#<id>); an athlete's logs by date, distance
 * or duration (GSI1/GSI2/GSI3, PK = USER#<sub>#LOGS), a date range with GSI1SK between two dates; the entry of an
 * activity that started within a minute of an instant (table, SK between two LOGSTART# instants), so uploading the
 * same activity again updates its entry; the entry of a Strava activity (table, SK = LOGSTRAVA#<activityId>), so
 * Strava's update and delete events find it. A marker is written, moved and deleted in the same transaction as its log.
 */
import { ulid } from 'ulid';
import { addDays, todayInNewYork } from '#shared/dates';
import {
  ACTIVITY_LABELS,
  LOG_OLDEST_YEARS,
  TrainingLogSchema,
  type LogSort,
  type NewTrainingLog,
  type TrainingLog,
  RecordingSchema,
  type Recording,
  type TrainingLogPatch,
  type TrainingLogQuery,
  type TrainingLogsPage,
} from '#shared/schemas/training-log';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { defineEntity } from '#lib/kit/entity';
import { queryPages, table } from '#lib/kit/table';
import { transact, transactOnce, type TransactItem } from '#lib/kit/transact';
import { inParallel } from '#lib/kit/batch-write';
import { BadRequestError, ConflictError, NotFoundError } from '#lib/errors';
import { isConditionFailure } from '#lib/transactions';
import { counted, figureUpdates, monthKey, type CountedLog } from './training-figures.ts';

export const logKey = (sub: string, id: string) => ({ PK: `USER#${sub}`, SK: `LOG#${id}` });
const logsPartition = (sub: string) => `USER#${sub}#LOGS`;

export const PAGE_SIZE = 20;
/** Items read per slice of a filtered page, and slices per page: a search never reads more than 250 logs a page. */
const SLICE = 50;
const SLICES = 5;

export class TrainingLogNotFoundError extends NotFoundError {
  constructor() {
    super('Workout not found');
  }
}

const logs = defineEntity<TrainingLog, [string, string]>({ name: 'training-log', key: logKey, schema: TrainingLogSchema });
const readLog = logs.read;

const pad = (value: number, width: number) => String(Math.max(0, Math.round(value))).padStart(width, '0');

const routeKey = (sub: string, id: string) => ({ PK: `USER#${sub}`, SK: `LOGROUTE#${id}` });

/** A log without its recording's route, which lives in an item of its own (routeWrites). */
function withoutRoute(log: TrainingLog): TrainingLog {
  if (!log.recording?.route) return log;
  const { route: _route, ...recording } = log.recording;
  return { ...log, recording };
}

/** A route item's points (undefined for none or a shape it cannot read). */
const routeOf = (item: Record<string, unknown> | undefined): Recording['route'] => {
  const parsed = RecordingSchema.shape.route.safeParse(item?.route);
  return parsed.success ? parsed.data : undefined;
};

/** A log with its recording's route put back, as its owner opens it or exports it. */
const withRoute = (log: TrainingLog, route: Recording['route']): TrainingLog => (log.recording && route ? { ...log, recording: { ...log.recording, route } } : log);

/**
 * The route item's writes as a log goes from `before` to `after`: written when `after` brings a route (an import),
 * deleted with the log or when it is no longer recorded, left alone by an edit that brings none (the athlete's).
 */
function routeWrites(sub: string, before: TrainingLog | undefined, after: TrainingLog | undefined): TransactItem[] {
  const route = after?.recording?.route;
  if (route) return [{ Put: { Item: { ...routeKey(sub, after.id), entity: 'log-route', route } } }];
  if (before?.recording && !after?.recording) return [{ Delete: { Key: routeKey(sub, before.id) } }];
  return [];
}

export function toLogItem(sub: string, { log, loadTenths }: CountedLog, revision: number) {
  const position = `${log.logDate}#${log.id}`;
  const partition = logsPartition(sub);
  return {
    ...logKey(sub, log.id),
    entity: 'training-log',
    ...withoutRoute(log),
    revision,
    // The load this log added to its day's aggregate: what an edit or a delete takes back (training-figures.ts).
    loadTenths,
    // Lower-case words the journal's search matches: the activity's name, the notes, the pace and a recording's own name.
    searchText: [ACTIVITY_LABELS[log.activityType], log.notes, log.pace, log.recording?.name].filter(Boolean).join(' ').toLowerCase(),
    GSI1PK: partition,
    GSI1SK: position,
    GSI2PK: partition,
    GSI2SK: `${pad((log.distanceKm ?? 0) * 1000, 7)}#${position}`,
    GSI3PK: partition,
    GSI3SK: `${pad(log.durationMinutes ?? 0, 4)}#${position}`,
  };
}

/** A log date the server accepts: not after tomorrow (an athlete east of New York is a day ahead) nor too old. */
function checkLogDate(logDate: string, now: Date): void {
  const today = todayInNewYork(now);
  if (logDate > addDays(today, 1)) throw new BadRequestError('Some fields are not valid', { 'body.logDate': ['The date cannot be in the future'] });
  if (logDate < addDays(today, -365 * LOG_OLDEST_YEARS)) {
    throw new BadRequestError('Some fields are not valid', { 'body.logDate': [`The date must be within the last ${LOG_OLDEST_YEARS} years`] });
  }
}

const roundKm = (km: number | undefined) => (km === undefined ? undefined : Math.round(km * 1000) / 1000);

function withoutUnset(log: TrainingLog): TrainingLog {
  return Object.fromEntries(Object.entries(log).filter(([, value]) => value !== undefined && value !== null)) as TrainingLog;
}

/**
 * A new log and the writes that store it with its figures, for a transaction: createTrainingLog sends them
 * alone, completing a plan's workout sends them with the plan's update.
 */
export function newLogWrites(sub: string, input: NewTrainingLog, now: Date) {
  checkLogDate(input.logDate, now);
  const log = withoutUnset({ ...input, distanceKm: roundKm(input.distanceKm), id: ulid(now.getTime()), createdAt: now.toISOString() });
  const written = counted(log);
  return {
    log,
    items: [
      { Put: { Item: toLogItem(sub, written, 1), ConditionExpression: 'attribute_not_exists(PK)' } },
      ...figureUpdates(sub, undefined, written),
    ],
  };
}

export async function createTrainingLog(sub: string, input: NewTrainingLog, now: Date = new Date()): Promise<TrainingLog> {
  const { log, items } = newLogWrites(sub, input, now);
  await transactOnce(items);
  return log;
}

/** One entry as its owner opens it, with the recorded route that lists leave out. */
export async function getTrainingLog(sub: string, id: string): Promise<TrainingLog> {
  const [{ log }, { Item: routeItem }] = await Promise.all([getStoredLog(sub, id), table.get({ Key: routeKey(sub, id) })]);
  return withRoute(log, routeOf(routeItem));
}

interface StoredLog extends CountedLog {
  readonly revision: number;
}

async function getStoredLog(sub: string, id: string): Promise<StoredLog> {
  const { Item } = await table.get({ Key: logKey(sub, id), ConsistentRead: true });
  if (!Item) throw new TrainingLogNotFoundError();
  return { log: readLog(Item), revision: typeof Item.revision === 'number' ? Item.revision : 0, loadTenths: typeof Item.loadTenths === 'number' ? Item.loadTenths : 0 };
}

const CHANGED_MEANWHILE = 'This workout was changed in another window. Reload it and try again.';

/**
 * Writes `after` over the log as read (its revision), moving the aggregates by the difference, and its start marker
 * with it: deleted with the log, moved when a new upload of the activity starts it a few seconds apart.
 */
async function replaceLog(sub: string, stored: StoredLog, after: TrainingLog | undefined): Promise<void> {
  const condition = { ConditionExpression: 'revision = :revision', ExpressionAttributeValues: { ':revision': stored.revision } };
  const written = after ? counted(after) : undefined;
  const write = written
    ? { Put: { Item: toLogItem(sub, written, stored.revision + 1), ...condition } }
    : { Delete: { Key: logKey(sub, stored.log.id), ...condition } };
  await transact(
    () => [
      { ...write, ifConditionFails: () => new ConflictError(CHANGED_MEANWHILE) },
      ...markerMoves(sub, stored.log, after),
      ...routeWrites(sub, stored.log, after),
      ...figureUpdates(sub, stored, written),
    ],
    { attempts: 1 },
  );
}

/** How far apart two uploads' starts may be and still be the same activity (a device and its export round differently). */
export const SAME_ACTIVITY_MS = 60_000;

const startMarkerKey = (sub: string, startedAt: string) => ({ PK: `USER#${sub}`, SK: `LOGSTART#${startedAt}` });
const stravaMarkerKey = (sub: string, activityId: string) => ({ PK: `USER#${sub}`, SK: `LOGSTRAVA#${activityId}` });

/** One marker's writes when a log moves from `from` to `to` (either absent): nothing when it stays. */
function moveMarker(key: (value: string) => Record<string, string>, entity: string, from: string | undefined, to: string | undefined, logId: string | undefined): TransactItem[] {
  if (from === to) return [];
  return [...(from ? [{ Delete: { Key: key(from) } }] : []), ...(to ? [{ Put: { Item: { ...key(to), entity, logId } } }] : [])];
}

function markerMoves(sub: string, before: TrainingLog | undefined, after: TrainingLog | undefined): TransactItem[] {
  return [
    ...moveMarker((startedAt) => startMarkerKey(sub, startedAt), 'log-start', before?.recording?.startedAt, after?.recording?.startedAt, after?.id),
    ...moveMarker((activityId) => stravaMarkerKey(sub, activityId), 'log-strava', before?.recording?.stravaActivityId, after?.recording?.stravaActivityId, after?.id),
  ];
}

/** The entry a marker names, when the marker is there. */
async function markedLogId(key: Record<string, string>): Promise<string | undefined> {
  const { Item } = await table.get({ Key: key, ConsistentRead: true });
  return typeof Item?.logId === 'string' ? Item.logId : undefined;
}

/** A stored log, or undefined when it is gone (a marker may outlive nothing: both go in one transaction, but a read may fall between). */
async function storedLogOrNone(sub: string, id: string | undefined): Promise<StoredLog | undefined> {
  if (!id) return undefined;
  return getStoredLog(sub, id).catch((error: unknown) => (error instanceof TrainingLogNotFoundError ? undefined : Promise.reject(error)));
}

/**
 * Deletes the entry a Strava activity made, with its markers and its figures (Strava's delete event). Answers
 * whether there was one: an activity never synced, or an entry the athlete deleted already, leaves nothing to do.
 */
export async function deleteStravaActivityLog(sub: string, activityId: string): Promise<boolean> {
  const stored = await storedLogOrNone(sub, await markedLogId(stravaMarkerKey(sub, activityId)));
  if (!stored || stored.log.recording?.stravaActivityId !== activityId) return false;
  await replaceLog(sub, stored, undefined);
  return true;
}

/** The entry of an activity that started within SAME_ACTIVITY_MS of `startedAt`, the nearest when several did. */
async function logStartedNear(sub: string, startedAt: Date): Promise<string | undefined> {
  const at = startedAt.getTime();
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': `USER#${sub}`,
      ':from': startMarkerKey(sub, new Date(at - SAME_ACTIVITY_MS).toISOString()).SK,
      ':to': startMarkerKey(sub, new Date(at + SAME_ACTIVITY_MS).toISOString()).SK,
    },
    ConsistentRead: true,
  });
  const distance = (item: Record<string, unknown>) => Math.abs(Date.parse(String(item.SK).slice('LOGSTART#'.length)) - at);
  const nearest = Items.sort((a, b) => distance(a) - distance(b))[0];
  return typeof nearest?.logId === 'string' ? nearest.logId : undefined;
}

/** What a recorded activity makes of an entry: its type, day, distance and moving time, and the recording. */
export interface RecordedLog {
  readonly activityType: TrainingLog['activityType'];
  readonly logDate: string;
  readonly recording: Recording;
}

/**
 * Stores a recorded activity: a new entry, or, when the log already has one of the same Strava activity or one that
 * started within a minute (the same file uploaded again, the same run from another export or from Strava), that
 * entry brought up to date. What the athlete typed into it (effort, notes) is kept.
 */
export async function saveRecordedLog(sub: string, recorded: RecordedLog, now: Date = new Date()): Promise<{ log: TrainingLog; created: boolean }> {
  const fields = {
    activityType: recorded.activityType,
    logDate: recorded.logDate,
    distanceKm: recorded.recording.distanceMeters > 0 ? roundKm(recorded.recording.distanceMeters / 1000) : undefined,
    durationMinutes: Math.round(recorded.recording.movingSeconds / 60),
    recording: recorded.recording,
  };
  // Twice at most: a marker written by a concurrent upload of the same activity between the look and the write.
  const activityId = recorded.recording.stravaActivityId;
  for (let attempt = 1; ; attempt += 1) {
    // A Strava activity whose start the athlete moved on Strava is still found by its id.
    const [byActivity, existing] = await Promise.all([
      activityId ? markedLogId(stravaMarkerKey(sub, activityId)) : undefined,
      logStartedNear(sub, new Date(recorded.recording.startedAt)),
    ]);
    const stored = (await storedLogOrNone(sub, byActivity)) ?? (await storedLogOrNone(sub, existing));
    if (stored) {
      if (fields.logDate !== stored.log.logDate) checkLogDate(fields.logDate, now);
      const after = withoutUnset({ ...stored.log, ...fields, updatedAt: now.toISOString() });
      await replaceLog(sub, stored, after);
      return { log: after, created: false };
    }
    checkLogDate(fields.logDate, now);
    const log = withoutUnset({ ...fields, id: ulid(now.getTime()), createdAt: now.toISOString() });
    const written = counted(log);
    const marker = startMarkerKey(sub, recorded.recording.startedAt);
    try {
      await transactOnce([
        { Put: { Item: toLogItem(sub, written, 1), ConditionExpression: 'attribute_not_exists(PK)' } },
        // A marker left by an entry that is gone may be replaced; one of a live entry means another upload won.
        {
          Put: {
            Item: { ...marker, entity: 'log-start', logId: log.id },
            ...(existing ? { ConditionExpression: 'attribute_not_exists(PK) OR logId = :gone', ExpressionAttributeValues: { ':gone': existing } } : { ConditionExpression: 'attribute_not_exists(PK)' }),
          },
        },
        ...(activityId
          ? [
              {
                Put: {
                  Item: { ...stravaMarkerKey(sub, activityId), entity: 'log-strava', logId: log.id },
                  ...(byActivity ? { ConditionExpression: 'attribute_not_exists(PK) OR logId = :gone', ExpressionAttributeValues: { ':gone': byActivity } } : { ConditionExpression: 'attribute_not_exists(PK)' }),
                },
              },
            ]
          : []),
        ...routeWrites(sub, undefined, log),
        ...figureUpdates(sub, undefined, written),
      ]);
      return { log, created: true };
    } catch (error) {
      if (attempt >= 2 || !isConditionFailure(error)) throw error;
    }
  }
}

export async function updateTrainingLog(sub: string, id: string, patch: TrainingLogPatch, now: Date = new Date()): Promise<TrainingLog> {
  const stored = await getStoredLog(sub, id);
  const before = stored.log;
  if (patch.logDate !== undefined && patch.logDate !== before.logDate) checkLogDate(patch.logDate, now);
  const merged: Record<string, unknown> = { ...before, updatedAt: now.toISOString() };
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    merged[field] = value === null || value === '' ? undefined : value;
  }
  const after = withoutUnset({ ...(merged as TrainingLog), distanceKm: roundKm(merged.distanceKm as number | undefined) });
  await replaceLog(sub, stored, after);
  return after;
}

export async function deleteTrainingLog(sub: string, id: string): Promise<void> {
  await replaceLog(sub, await getStoredLog(sub, id), undefined);
}

const ORDER: Readonly<Record<LogSort, { index: 'GSI1' | 'GSI2' | 'GSI3'; forward: boolean }>> = {
  date_desc: { index: 'GSI1', forward: false },
  date_asc: { index: 'GSI1', forward: true },
  distance_desc: { index: 'GSI2', forward: false },
  duration_desc: { index: 'GSI3', forward: false },
};

/** Index sort keys end with <date>#<id>; the cursor is one of them, so it carries a position and nothing else. */
const POSITION = /^(?:\d{4,7}#)?\d{4}-\d{2}-\d{2}#([0-9A-HJKMNP-TV-Z]{26})$/;

function filterOf(query: TrainingLogQuery) {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (query.activity) {
    conditions.push('activityType = :activity');
    values[':activity'] = query.activity;
  }
  if (query.q) {
    conditions.push('contains(searchText, :q)');
    values[':q'] = query.q.toLowerCase();
  }
  return conditions.length ? { FilterExpression: conditions.join(' AND '), values } : { values };
}

/** One page of the athlete's journal in the asked order, filtered by activity and search text. */
export async function listTrainingLogs(sub: string, query: TrainingLogQuery): Promise<TrainingLogsPage> {
  const { index, forward } = ORDER[query.sort ?? 'date_desc'];
  const partition = logsPartition(sub);
  let startKey: Record<string, unknown> | undefined;
  if (query.cursor) {
    const text = decodeCursorText(query.cursor);
    const match = POSITION.exec(text);
    if (!match) throw invalidCursor();
    startKey = { ...logKey(sub, match[1]!), [`${index}PK`]: partition, [`${index}SK`]: text };
  }
  const { FilterExpression, values } = filterOf(query);
  const found: Record<string, unknown>[] = [];
  let more = true;
  for (let slice = 0; slice < SLICES && found.length <= PAGE_SIZE && more; slice += 1) {
    const { Items = [], LastEvaluatedKey } = await table.query({
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk`,
      ExpressionAttributeValues: { ':pk': partition, ...values },
      ...(FilterExpression ? { FilterExpression } : {}),
      ScanIndexForward: forward,
      // One more than a page, unfiltered, tells whether anything follows without a read of an empty page.
      Limit: FilterExpression ? SLICE : PAGE_SIZE + 1,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    });
    found.push(...Items);
    startKey = LastEvaluatedKey;
    more = LastEvaluatedKey !== undefined;
  }
  const items = found.slice(0, PAGE_SIZE);
  // Stopped mid-slice with a full page: go on after its last item; ran out of slices: after the last item read.
  const position =
    found.length > PAGE_SIZE ? items.at(-1)?.[`${index}SK`] : more && startKey ? startKey[`${index}SK`] : undefined;
  return { items: items.map(readLog), ...(typeof position === 'string' ? { nextCursor: encodeCursorText(position) } : {}) };
}

/** The athlete's logs dated from `from` to `to` (both included), oldest first: the coach's and the planner's history. */
export async function logsBetween(sub: string, from: string, to: string): Promise<TrainingLog[]> {
  const logs: TrainingLog[] = [];
  for await (const items of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    // '~' sorts after every id character, so the whole of the `to` day is included.
    ExpressionAttributeValues: { ':pk': logsPartition(sub), ':from': from, ':to': `${to}#~` },
  })) {
    logs.push(...items.map(readLog));
  }
  return logs;
}

/** Every log, newest first, a DynamoDB page at a time: the CSV export. */
export async function* allTrainingLogPages(sub: string): AsyncGenerator<TrainingLog[]> {
  for await (const items of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': logsPartition(sub) },
    ScanIndexForward: false,
  })) {
    yield items.map(readLog);
  }
}

/** Every log with its recorded route, newest first: the personal export (a few reads of the route items besides the log). */
export async function allTrainingLogsWithRoutes(sub: string): Promise<TrainingLog[]> {
  const routes = new Map<string, Recording['route']>();
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :route)',
    ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':route': 'LOGROUTE#' },
  })) {
    for (const item of items) routes.set(String(item.SK).slice('LOGROUTE#'.length), routeOf(item));
  }
  const logs: TrainingLog[] = [];
  for await (const page of allTrainingLogPages(sub)) logs.push(...page.map((log) => withRoute(log, routes.get(log.id))));
  return logs;
}

/** Logs whose load one athlete's count adds at once (migration 0009-training-load). */
const COUNTS_IN_FLIGHT = 8;

/**
 * Adds to the aggregates the load of each of the athlete's logs written before loads were kept (a log item without
 * `loadTenths`), and marks the log with it, in one transaction each: the log's condition (still uncounted, still the
 * revision read) makes a count run twice, or one racing an edit (which counts the log itself), add nothing twice.
 * Answers how many logs it counted.
 */
export async function countUncountedLoads(sub: string): Promise<number> {
  let changed = 0;
  for await (const items of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'attribute_not_exists(loadTenths)',
    ExpressionAttributeValues: { ':pk': logsPartition(sub) },
  })) {
    await inParallel(items, COUNTS_IN_FLIGHT, async (item) => {
      const { log, loadTenths } = counted(readLog(item));
      try {
        await transactOnce([
          {
            Update: {
              Key: logKey(sub, log.id),
              UpdateExpression: 'SET loadTenths = :load',
              ConditionExpression: 'attribute_not_exists(loadTenths) AND revision = :revision',
              ExpressionAttributeValues: { ':load': loadTenths, ':revision': item.revision },
            },
          },
          ...(loadTenths > 0
            ? [{ Update: { Key: monthKey(sub, log.logDate.slice(0, 7)), UpdateExpression: 'ADD #day :load SET entity = :entity', ExpressionAttributeNames: { '#day': `l${log.logDate.slice(8, 10)}` }, ExpressionAttributeValues: { ':load': loadTenths, ':entity': 'training-month' } } }]
            : []),
        ]);
        changed += 1;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    });
  }
  return changed;
}
