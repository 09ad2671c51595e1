/**
 * The upsert's decisions, one rule at a time (planUpsert is pure), and the page loop around them with the
 * database mocked: an unchanged race writes nothing, a repeated race is one event, a failing race becomes an
 * error entry while the others are saved.
 */
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import type { RaceEvent } from '#shared/schemas/event';
import { tableName } from '#lib/dynamo';
import type { ImportedEvent } from '#imports/imported-event';
import { normalizedMatchKey } from '#imports/normalize/match-key';
import type { SourceLookup } from '#imports/source-lookup';
import {
  disagrees,
  importedChanges,
  importHash,
  matchQuerySpans,
  planUpsert,
  upsertImportedEvents,
  type Plan,
} from '#imports/upsert-imported-events';

const JOB = '01JOBJOBJOBJOBJOBJOBJOBJOB';
const NOW = new Date('2026-11-20T12:00:00.000Z');

const race = (overrides: Partial<ImportedEvent> = {}): ImportedEvent => ({
  title: 'Boston Harbor Half Marathon',
  description: 'Along the harbor.',
  eventDate: '2027-05-02',
  eventType: 'road_race',
  terrainType: 'road',
  locationName: 'Seaport',
  city: 'Boston',
  state: 'MA',
  country: 'US',
  zipCode: '02210',
  distances: ['Half Marathon'],
  registrationFee: 60,
  registrationUrl: 'https://runsignup.com/Race/MA/Boston/Harbor',
  tags: [],
  source: 'runsignup',
  sourceId: '1234',
  ...overrides,
});

const storedEvent = (overrides: Partial<RaceEvent> = {}): RaceEvent => {
  const { cancelled: _cancelled, ...fields } = race();
  return { ...fields, id: '01JEVENTEVENTEVENTEVENTEVE', verified: true, featured: false, createdAt: '2026-10-01T00:00:00.000Z', updatedAt: '2026-10-01T00:00:00.000Z', ...overrides };
};

const lookupFor = (imported: ImportedEvent, overrides: Partial<SourceLookup> = {}): SourceLookup => ({
  source: imported.source,
  sourceId: imported.sourceId,
  eventId: '01JEVENTEVENTEVENTEVENTEVE',
  hash: importHash(imported),
  jobId: '01JOLDJOBOLDJOBOLDJOBOLDJO',
  eventDate: imported.eventDate,
  state: imported.state,
  cancelled: imported.cancelled === true,
  linked: false,
  ...overrides,
});

const plan = (imported: ImportedEvent, state: Parameters<typeof planUpsert>[1], autoVerify = true): Plan =>
  planUpsert(imported, state, { jobId: JOB, autoVerify, now: NOW, matchKey: normalizedMatchKey(imported), newId: () => '01JNEWNEWNEWNEWNEWNEWNEWNE' });

const putItems = (p: Plan) => ('extraItems' in p ? p.extraItems.map((item) => item.Put?.Item) : []);

describe('planUpsert', () => {
  it('writes nothing for a race whose imported fields hash the same as last time', () => {
    const imported = race();
    expect(plan(imported, { lookup: lookupFor(imported), event: storedEvent() })).toEqual({ kind: 'none', outcome: 'unchanged' });
  });

  it('creates a new race verified when the job auto-verifies, with its lookup and match key in the same write', () => {
    const result = plan(race(), {});
    expect(result.kind).toBe('create');
    if (result.kind !== 'create') return;
    expect(result.outcome).toBe('created');
    expect(result.event).toMatchObject({ id: '01JNEWNEWNEWNEWNEWNEWNEWNE', verified: true, featured: false, source: 'runsignup', sourceId: '1234' });
    expect(result.event).not.toHaveProperty('cancelled');
    expect(result.event).toMatchObject({ lastCheckedAt: todayInNewYork(NOW), lastCheckedBy: 'import' });
    expect(putItems(result)).toEqual([
      expect.objectContaining({ PK: 'IMPORTED#runsignup#1234', eventId: result.event.id, hash: importHash(race()), jobId: JOB, linked: false }),
      expect.objectContaining({ PK: expect.stringMatching(/^MATCH#/), eventId: result.event.id }),
    ]);
    expect(plan(race(), {}, false)).toMatchObject({ event: { verified: false } });
  });

  it('updates a changed race in place, never its verified or featured flags', () => {
    const imported = race({ registrationFee: 65 });
    const result = plan(imported, { lookup: lookupFor(race()), event: storedEvent({ verified: false, featured: true }) });
    expect(result).toMatchObject({ kind: 'update', outcome: 'updated', eventId: '01JEVENTEVENTEVENTEVENTEVE', changes: { registrationFee: 65 } });
    if (result.kind !== 'update') return;
    // What changed, and that the source was checked that day (the page's "Details checked").
    expect(result.changes).toEqual({ registrationFee: 65, lastCheckedAt: todayInNewYork(NOW), lastCheckedBy: 'import' });
    expect(result.expectedUpdatedAt).toBe('2026-10-01T00:00:00.000Z');
    expect(putItems(result)[0]).toMatchObject({ hash: importHash(imported), jobId: JOB });
  });

  it('leaves fields an admin edited as the admin set them', () => {
    const event = storedEvent({ title: 'Harbor Half (admin wording)', adminEditedFields: ['title'] });
    const changes = importedChanges(event, race({ title: 'BOSTON HARBOR HALF', registrationFee: 70 }));
    expect(changes).toEqual({ registrationFee: 70 });
  });

  it('removes a field the source no longer sends', () => {
    expect(importedChanges(storedEvent(), race({ zipCode: undefined }))).toEqual({ zipCode: undefined });
  });

  it('records only the new hash when the only change is in a field an admin owns', () => {
    const result = plan(race({ title: 'Renamed by the source' }), { lookup: lookupFor(race()), event: storedEvent({ adminEditedFields: ['title'] }) });
    expect(result).toMatchObject({ kind: 'lookup-only', outcome: 'unchanged' });
  });

  it('marks a race that turns cancelled, keeps it listed so its page says so, and flags it for an admin', () => {
    const result = plan(race({ cancelled: true }), { lookup: lookupFor(race()), event: storedEvent() });
    expect(result).toMatchObject({ kind: 'update', outcome: 'flagged', changes: { reviewFlag: 'cancelled', status: 'cancelled' } });
    if (result.kind === 'update') expect(result.changes).not.toHaveProperty('verified');
  });

  it('leaves the status an admin set by hand when the source says cancelled, and only flags the race', () => {
    const result = plan(race({ cancelled: true }), { lookup: lookupFor(race()), event: storedEvent({ adminEditedFields: ['status'] }) });
    expect(result).toMatchObject({ kind: 'update', outcome: 'flagged', changes: { reviewFlag: 'cancelled' } });
    if (result.kind === 'update') expect(result.changes).not.toHaveProperty('status');
  });

  it('does not flag again a race that was already cancelled when it changes, once an admin has decided', () => {
    const before = race({ cancelled: true });
    const result = plan(race({ cancelled: true, registrationFee: 10 }), { lookup: lookupFor(before), event: storedEvent() });
    expect(result).toMatchObject({ kind: 'update', outcome: 'updated', changes: { registrationFee: 10 } });
    if (result.kind === 'update') expect(result.changes).not.toHaveProperty('reviewFlag');
  });

  it('gives a listed race the status the source gives it: postponed, virtual, or rescheduled when it moves an upcoming date', () => {
    const update = (imported: ImportedEvent, stored: Partial<RaceEvent> = {}) => plan(imported, { lookup: lookupFor(race()), event: storedEvent(stored) });
    expect(update(race({ status: 'postponed' }))).toMatchObject({ kind: 'update', changes: { status: 'postponed' } });
    expect(update(race({ status: 'virtual' }))).toMatchObject({ kind: 'update', changes: { status: 'virtual' } });
    // The store keeps the date it moved from (withStatusDates).
    expect(update(race({ eventDate: '2027-05-16' }))).toMatchObject({ kind: 'update', changes: { eventDate: '2027-05-16', status: 'rescheduled' } });
    expect(update(race({ eventDate: '2027-05-16' }), { status: 'postponed' })).toMatchObject({ changes: { status: 'rescheduled' } });
  });

  it("leaves a status alone where the source's word is not a change of plan or is not its to give", () => {
    const changesOf = (imported: ImportedEvent, stored: Partial<RaceEvent> = {}) => {
      const result = plan(imported, { lookup: lookupFor(race()), event: storedEvent(stored) });
      return result.kind === 'update' ? result.changes : {};
    };
    // A date that had passed moving is the race's next edition.
    expect(changesOf(race({ eventDate: '2027-11-14' }), { eventDate: '2026-11-15' })).not.toHaveProperty('status');
    // An admin's status and date stand; a cancelled race stays cancelled; nothing goes back to scheduled by itself.
    expect(changesOf(race({ status: 'postponed', registrationFee: 70 }), { adminEditedFields: ['status'] })).not.toHaveProperty('status');
    expect(changesOf(race({ eventDate: '2027-05-16' }), { adminEditedFields: ['eventDate'] })).not.toHaveProperty('status');
    expect(changesOf(race({ status: 'postponed' }), { status: 'cancelled' })).not.toHaveProperty('status');
    expect(changesOf(race({ registrationFee: 70 }), { status: 'postponed' })).not.toHaveProperty('status');
  });

  it('creates a race postponed or virtual when the source says so', () => {
    expect(plan(race({ status: 'postponed' }), {})).toMatchObject({ kind: 'create', event: { status: 'postponed', verified: true } });
    expect(plan(race({ status: 'virtual' }), {})).toMatchObject({ kind: 'create', event: { status: 'virtual' } });
  });

  it('creates a new cancelled race unlisted and flagged, never publicly listed', () => {
    expect(plan(race({ cancelled: true }), {})).toMatchObject({ kind: 'create', outcome: 'flagged', event: { verified: false, reviewFlag: 'cancelled', status: 'cancelled' } });
  });

  it("clears 'removed-from-source' when the race is listed again", () => {
    const imported = race();
    const result = plan(imported, { lookup: lookupFor(imported), event: storedEvent({ reviewFlag: 'removed-from-source' }) });
    expect(result).toMatchObject({ kind: 'update', outcome: 'updated', changes: { reviewFlag: undefined } });
  });

  it('skips a race this job already wrote (a repeat on a later page)', () => {
    const imported = race();
    expect(plan(imported, { lookup: lookupFor(imported, { jobId: JOB }), event: storedEvent() })).toEqual({ kind: 'none', outcome: 'duplicate-in-run' });
  });

  it('counts a race its own page wrote before (the page task retried) as that page counted it, writing nothing', () => {
    const imported = race();
    const retried = (lookup: SourceLookup, page?: number) =>
      planUpsert(imported, { lookup, event: storedEvent() }, { jobId: JOB, ...(page === undefined ? {} : { page }), autoVerify: true, now: NOW, matchKey: normalizedMatchKey(imported) });
    expect(retried(lookupFor(imported, { jobId: JOB, jobPage: 3, jobOutcome: 'created' }), 3)).toEqual({ kind: 'none', outcome: 'created' });
    expect(retried(lookupFor(imported, { jobId: JOB, jobPage: 3, jobOutcome: 'flagged' }), 3)).toEqual({ kind: 'none', outcome: 'flagged' });
    // Another page of the same job, a lookup from before pages were kept, or a caller without pages: a repeat.
    expect(retried(lookupFor(imported, { jobId: JOB, jobPage: 2, jobOutcome: 'created' }), 3)).toEqual({ kind: 'none', outcome: 'duplicate-in-run' });
    expect(retried(lookupFor(imported, { jobId: JOB }), 3)).toEqual({ kind: 'none', outcome: 'duplicate-in-run' });
    expect(retried(lookupFor(imported, { jobId: JOB, jobPage: 3, jobOutcome: 'created' }))).toEqual({ kind: 'none', outcome: 'duplicate-in-run' });
  });

  it("keeps the page and the outcome on the lookup it writes, when the caller names the page", () => {
    const created = planUpsert(race(), {}, { jobId: JOB, page: 4, autoVerify: true, now: NOW, matchKey: normalizedMatchKey(race()) });
    expect(putItems(created)[0]).toMatchObject({ jobId: JOB, jobPage: 4, jobOutcome: 'created' });
    const updated = planUpsert(race({ registrationFee: 65 }), { lookup: lookupFor(race()), event: storedEvent() }, { jobId: JOB, page: 4, autoVerify: true, now: NOW, matchKey: normalizedMatchKey(race()) });
    expect(putItems(updated)[0]).toMatchObject({ jobPage: 4, jobOutcome: 'updated' });
    expect(putItems(plan(race(), {}))[0]).not.toHaveProperty('jobPage');
  });

  it('links a race already listed by another source instead of listing it twice', () => {
    const listed = storedEvent({ id: '01JMANUALMANUALMANUALMANUA', source: 'manual', sourceId: undefined });
    const result = plan(race({ sourceId: '999' }), { match: listed });
    expect(result).toMatchObject({ kind: 'lookup-only', outcome: 'unchanged' });
    expect(putItems(result)[0]).toMatchObject({ eventId: listed.id, linked: true, sourceId: '999' });
  });

  it("flags 'possible-duplicate' when the same race from another source disagrees on what a runner sees", () => {
    const listed = storedEvent({ id: '01JMANUALMANUALMANUALMANUA', source: 'json', registrationFee: 45 });
    const result = plan(race(), { match: listed });
    expect(result).toMatchObject({ kind: 'update', outcome: 'flagged', eventId: listed.id, changes: { reviewFlag: 'possible-duplicate' } });
    if (result.kind === 'update') expect(Object.keys(result.changes)).toEqual(['reviewFlag']);
  });

  it('never edits a linked event when its race changes', () => {
    const imported = race({ description: 'New words' });
    const result = plan(imported, { lookup: lookupFor(race(), { linked: true }), event: storedEvent({ source: 'manual' }) });
    expect(result).toMatchObject({ kind: 'lookup-only', outcome: 'unchanged' });
  });

  it('recreates a race whose event was deleted, taking over its lookup', () => {
    const imported = race();
    const result = plan(imported, { lookup: lookupFor(imported, { eventId: '01JGONEGONEGONEGONEGONEGON' }) });
    expect(result.kind).toBe('create');
    const lookupPut = 'extraItems' in result ? result.extraItems[0]?.Put : undefined;
    expect(lookupPut?.ConditionExpression).toContain('eventId = :eventId');
    expect(lookupPut?.ExpressionAttributeValues).toMatchObject({ ':eventId': '01JGONEGONEGONEGONEGONEGON' });
  });

  it('compares cross-source fields only where both say something', () => {
    expect(disagrees(storedEvent({ registrationFee: undefined, distances: [] }), race({ registrationFee: 99, distances: ['5K'] }))).toBe(false);
    expect(disagrees(storedEvent({ distances: ['10K', '5K'] }), race({ distances: ['5K', '10K'] }))).toBe(false);
    expect(disagrees(storedEvent({ eventType: 'trail_race' }), race())).toBe(true);
  });
});

describe('matchQuerySpans', () => {
  it('covers each state\'s race days with week-long queries', () => {
    const races = [
      { state: 'MA', eventDate: '2027-05-01' },
      { state: 'MA', eventDate: '2027-05-07' },
      { state: 'MA', eventDate: '2027-05-08' },
      { state: 'CO', eventDate: '2027-05-02' },
      { state: 'MA', eventDate: '2027-05-01' },
    ];
    expect(matchQuerySpans(races)).toEqual([
      { state: 'MA', from: '2027-05-01', to: '2027-05-07' },
      { state: 'MA', from: '2027-05-08', to: '2027-05-08' },
      { state: 'CO', from: '2027-05-02', to: '2027-05-02' },
    ]);
  });
});

describe('upsertImportedEvents', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(BatchGetCommand).resolves({ Responses: {} });
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(GetCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    dynamo.on(TransactWriteCommand).resolves({});
  });
  const writes = () => [TransactWriteCommand, PutCommand, UpdateCommand].flatMap((command) => dynamo.commandCalls(command as never));

  it('writes nothing at all when every race is unchanged', async () => {
    const imported = race();
    const event = storedEvent();
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { PK: string }[] }> }) => {
      const keys = Object.values(input.RequestItems)[0]!.Keys;
      if (keys[0]!.PK.startsWith('IMPORTED#')) return { Responses: { [tableName]: [lookupFor(imported)] } };
      if (keys[0]!.PK.startsWith('EVENT#')) return { Responses: { [tableName]: [{ PK: `EVENT#${event.id}`, SK: 'EVENT', ...event }] } };
      return { Responses: {} };
    });
    const result = await upsertImportedEvents([imported], { autoVerify: true, jobId: JOB, now: NOW });
    expect(result).toEqual({ created: 0, updated: 0, unchanged: 1, flagged: 0, skipped: {}, errors: [] });
    expect(writes()).toHaveLength(0);
  });

  it('makes one event of a race repeated in the batch', async () => {
    const result = await upsertImportedEvents([race(), race()], { autoVerify: true, jobId: JOB, now: NOW });
    expect(result).toMatchObject({ created: 1, skipped: { 'duplicate-in-run': 1 } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('links the second of two new listings of one race in a page to the first', async () => {
    const matchItems = new Map<string, string>();
    let created: RaceEvent | undefined;
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { PK: string }[] }> }) => {
      const keys = Object.values(input.RequestItems)[0]!.Keys;
      const found = keys.flatMap((key): Record<string, unknown>[] => {
        if (key.PK.startsWith('MATCH#') && matchItems.has(key.PK)) return [{ PK: key.PK, eventId: matchItems.get(key.PK) }];
        if (created && key.PK === `EVENT#${created.id}`) return [{ PK: key.PK, SK: 'EVENT', ...created }];
        return [];
      });
      return { Responses: { [tableName]: found } };
    });
    dynamo.on(TransactWriteCommand).callsFake((input: { TransactItems: { Put?: { Item: Record<string, unknown> & { PK: string } } }[] }) => {
      for (const item of input.TransactItems) {
        if (item.Put?.Item.PK.startsWith('MATCH#')) matchItems.set(item.Put.Item.PK, String(item.Put.Item.eventId));
        if (item.Put?.Item.PK.startsWith('EVENT#') && item.Put.Item.SK === 'EVENT') created = item.Put.Item as unknown as RaceEvent;
      }
      return {};
    });
    const result = await upsertImportedEvents([race({ sourceId: '1' }), race({ sourceId: '2', title: 'The 12th Annual Boston Harbor Half Marathon' })], {
      autoVerify: true,
      jobId: JOB,
      now: NOW,
    });
    expect(result).toMatchObject({ created: 1, unchanged: 1, errors: [] });
    const eventPuts = dynamo
      .commandCalls(TransactWriteCommand)
      .flatMap((call) => call.args[0].input.TransactItems ?? [])
      .filter((item) => item.Put?.Item?.SK === 'EVENT');
    expect(eventPuts).toHaveLength(1);
  });

  it('records a race that cannot be written as an error and saves the others', async () => {
    dynamo.on(TransactWriteCommand).callsFake((input: { TransactItems: { Put?: { Item: { sourceId?: string } } }[] }) => {
      if (input.TransactItems.some((item) => item.Put?.Item.sourceId === 'bad')) throw Object.assign(new Error('Item size has exceeded the maximum allowed size'), { name: 'ValidationException' });
      return {};
    });
    const result = await upsertImportedEvents([race({ sourceId: 'bad', title: 'Bad' }), race({ sourceId: 'good', title: 'Good' })], { autoVerify: true, jobId: JOB, now: NOW });
    expect(result.created).toBe(1);
    expect(result.errors).toEqual([{ sourceId: 'bad', message: expect.stringMatching(/^Could not save this race/) }]);
  });
});
