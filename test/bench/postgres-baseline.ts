/**
 * The approach RaceFinder replaces: one PostgreSQL table of events searched with `ilike '%q%'` OR-ed across
 * title, city, state, location_name and description. PostgreSQL 15 from Debian's packages, started by the
 * bench in a temporary data directory on a free port and stopped at the end.
 *
 * Root cannot run postgres, so the server runs as the `postgres` OS user: Node switches the user when it
 * spawns (spawn's uid/gid) and `setpriv --pdeathsig` then execs the server, so the kernel kills it if the
 * bench dies (the death signal must be set after the user switch, which clears it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { EVENT_PAGE_SIZE } from '#shared/event-vocabulary';
import type { RaceEvent } from '#shared/schemas/event';
import { freePort, StartFailed, waitFor } from '../../infra/local/free-port.ts';
import { killOnExit, stopChild } from '../../infra/local/processes.ts';
import type { QueryKind } from './query-mix.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';
// Dates stay 'YYYY-MM-DD' strings, as RaceFinder has them, instead of JavaScript Dates in the local zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
export const POSTGRES_INSTALL_HINT = 'apt-get update && apt-get install -y postgresql (PostgreSQL 15 on Debian 12)';

export interface Postgres {
  readonly client: pg.Client;
  readonly version: string;
  stop(): Promise<void>;
}

function osUser(name: string): { uid: number; gid: number } {
  const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (result.status !== 0 || group.status !== 0) throw new Error(`No '${name}' OS user: ${POSTGRES_INSTALL_HINT}`);
  return { uid: Number(result.stdout.trim()), gid: Number(group.stdout.trim()) };
}

/** Installs PostgreSQL 15 when it is missing (Debian), or explains how. */
export function ensurePostgresInstalled(log: (line: string) => void): void {
  if (existsSync(join(PG_BIN, 'postgres'))) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`PostgreSQL 15 is not installed at ${PG_BIN}: ${POSTGRES_INSTALL_HINT}, or run with --skip postgres`);
  }
  log('PostgreSQL 15 is missing; installing it with apt-get (once)...');
  for (const args of [['update'], ['install', '-y', 'postgresql']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: ${POSTGRES_INSTALL_HINT}`);
  }
  if (!existsSync(join(PG_BIN, 'postgres'))) throw new Error(`apt-get did not install ${PG_BIN}/postgres`);
}

export async function startPostgres(): Promise<Postgres> {
  const user = osUser('postgres');
  const root = mkdtempSync(join(tmpdir(), 'racefinder-bench-pg-'));
  chownSync(root, user.uid, user.gid);
  const dataDir = join(root, 'data');
  const asPostgres = { uid: user.uid, gid: user.gid, cwd: root, env: { PATH: process.env.PATH, LANG: 'C.UTF-8' } };
  const init = spawnSync(join(PG_BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], {
    ...asPostgres,
    encoding: 'utf8',
  });
  if (init.status !== 0) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr}`);
  }
  const port = await freePort();
  // Durability settings off: the benchmark measures reads; fsync would only slow the load.
  const child: ChildProcess = spawn(
    '/usr/bin/setpriv',
    [
      '--pdeathsig',
      'SIGKILL',
      '--',
      join(PG_BIN, 'postgres'),
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      root,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'work_mem=16MB',
      '-c',
      'maintenance_work_mem=256MB',
      '-c',
      'max_parallel_workers_per_gather=0',
    ],
    { ...asPostgres, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const release = killOnExit(child);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  const stop = async () => {
    await client.end().catch(() => undefined);
    // SIGINT is PostgreSQL's fast shutdown: it does not wait for clients.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await stopChild(child, 5000);
    release();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new StartFailed(`postgres exited (${child.exitCode}): ${stderr}`);
      const probe = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      try {
        await probe.connect();
        return true;
      } finally {
        await probe.end().catch(() => undefined);
      }
    }, 'PostgreSQL');
    await client.connect();
  } catch (error) {
    await stop();
    throw error;
  }
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  return { client, version: rows[0]?.server_version ?? '?', stop };
}

export async function createEventsTable(client: pg.Client): Promise<void> {
  await client.query(`
    create table events (
      id text primary key,
      title text not null,
      description text,
      event_date date not null,
      city text not null,
      state text not null,
      location_name text not null,
      event_type text not null,
      terrain_type text not null,
      distances text[] not null,
      registration_fee numeric,
      registration_url text,
      image_url text,
      featured boolean not null,
      verified boolean not null,
      tags text[] not null
    )`);
}

const COLUMNS = [
  ['id', 'text'],
  ['title', 'text'],
  ['description', 'text'],
  ['event_date', 'date'],
  ['city', 'text'],
  ['state', 'text'],
  ['location_name', 'text'],
  ['event_type', 'text'],
  ['terrain_type', 'text'],
  ['distances', 'text'],
  ['registration_fee', 'numeric'],
  ['registration_url', 'text'],
  ['image_url', 'text'],
  ['featured', 'boolean'],
  ['verified', 'boolean'],
  ['tags', 'text'],
] as const;

/**
 * Bulk load: one INSERT ... SELECT FROM unnest(arrays) per 5,000 rows. (COPY FROM STDIN would need the
 * pg-copy-streams package, which the project does not have; unnest is within a few percent of COPY.)
 * Distances and tags (lower-cased, as the search matches them) travel as JSON text columns and become text[] in SQL.
 */
export async function loadEvents(client: pg.Client, events: readonly RaceEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += 5000) {
    const chunk = events.slice(start, start + 5000);
    const columns: unknown[][] = COLUMNS.map(() => []);
    for (const event of chunk) {
      const values = [
        event.id,
        event.title,
        event.description ?? null,
        event.eventDate,
        event.city,
        event.state,
        event.locationName,
        event.eventType,
        event.terrainType,
        JSON.stringify(event.distances),
        event.registrationFee ?? null,
        event.registrationUrl ?? null,
        event.imageUrl ?? null,
        event.featured,
        event.verified,
        JSON.stringify(event.tags.map((tag) => tag.toLowerCase())),
      ];
      values.forEach((value, index) => columns[index]!.push(value));
    }
    const unnest = COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
    const names = COLUMNS.map(([name]) => name);
    const select = names.map((name) => (name === 'distances' || name === 'tags' ? `array(select json_array_elements_text(${name}::json))` : name)).join(', ');
    await client.query(
      `insert into events (${names.join(', ')}) select ${select} from unnest(${unnest}) as t(${names.join(', ')})`,
      columns,
    );
  }
  await client.query('analyze events');
}

/** pg_trgm GIN indexes on each of the five searched columns, and a btree on the date. */
export async function createIndexes(client: pg.Client): Promise<void> {
  await client.query('create extension if not exists pg_trgm');
  for (const column of ['title', 'city', 'state', 'location_name', 'description']) {
    await client.query(`create index events_${column}_trgm on events using gin (${column} gin_trgm_ops)`);
  }
  await client.query('create index events_event_date on events (event_date)');
  await client.query('analyze events');
}

export async function dropIndexes(client: pg.Client): Promise<void> {
  for (const column of ['title', 'city', 'state', 'location_name', 'description']) {
    await client.query(`drop index if exists events_${column}_trgm`);
  }
  await client.query('drop index if exists events_event_date');
}

/** Escapes ilike's wildcards so a word is matched literally. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The five text columns the replaced search ran ilike over. */
const ILIKE_COLUMNS = ['title', 'city', 'state', 'location_name', 'description'];
/** The columns RaceFinder's index holds words of (it also holds distances, type and state names). */
const INDEXED_COLUMNS = ['title', 'city', 'state', 'location_name'];

/**
 * How a word matches in the baseline:
 * - 'ilike': the replaced approach, `column ilike '%word%'` over the five text columns (also inside words
 *   and in descriptions);
 * - 'word-start': like for like with RaceFinder's semantics, a word starting with it (`~* '\mword'`) in
 *   the columns RaceFinder indexes; what RaceFinder must find all of.
 */
export type MatchMode = 'ilike' | 'word-start';

/**
 * The baseline query of a kind: every word must match (see MatchMode) in one of the columns, verified,
 * dated today or later (and within the kind's range), in the kind's state, by date (or by fee, no fee last, for the
 * price order), 50 rows.
 */
export function baselineSql(kind: QueryKind, today: string, mode: MatchMode = 'ilike'): { text: string; values: unknown[] } {
  const values: unknown[] = [today];
  const where = ['verified', 'event_date >= $1'];
  for (const word of kind.words) {
    values.push(mode === 'ilike' ? likePattern(word) : `\\m${word.replace(/[^\p{L}\p{N}]/gu, (char) => `\\${char}`)}`);
    const parameter = `$${values.length}`;
    const columns = mode === 'ilike' ? ILIKE_COLUMNS : INDEXED_COLUMNS;
    const operator = mode === 'ilike' ? 'ilike' : '~*';
    where.push(`(${columns.map((column) => `${column} ${operator} ${parameter}`).join(' or ')})`);
  }
  if (kind.state) {
    values.push(kind.state);
    where.push(`state = $${values.length}`);
  }
  if (kind.tag) {
    values.push(kind.tag);
    where.push(`$${values.length} = any(tags)`);
  }
  if (kind.from) {
    values.push(kind.from);
    where.push(`event_date >= $${values.length}`);
  }
  if (kind.to) {
    values.push(kind.to);
    where.push(`event_date <= $${values.length}`);
  }
  values.push(EVENT_PAGE_SIZE);
  return {
    text:
      'select id, title, description, event_date, city, state, location_name, event_type, terrain_type, distances, ' +
      `registration_fee, registration_url, image_url, featured, verified from events where ${where.join(' and ')} ` +
      `order by ${kind.sort === 'price' ? 'registration_fee nulls last, event_date, id' : 'event_date'} limit $${values.length}`,
    values,
  };
}

export interface BaselineRow {
  readonly id: string;
  readonly title: string;
  readonly description: string | null;
  readonly city: string;
  readonly state: string;
  readonly location_name: string;
  readonly event_date: string;
}

export async function runBaseline(client: pg.Client, kind: QueryKind, today: string, mode: MatchMode = 'ilike'): Promise<BaselineRow[]> {
  const { text, values } = baselineSql(kind, today, mode);
  const { rows } = await client.query<BaselineRow>({ text, values });
  return rows;
}
