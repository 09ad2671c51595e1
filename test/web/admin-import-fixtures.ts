/**
 * Test data and a fake API for the admin import and overview screens. The fake stands in for the typed API
 * client (useApi) at its module boundary and records every call with its input.
 */
import { vi, type Mock } from 'vitest';
import type { AdminOverview } from '../../shared/schemas/admin-overview.ts';
import { SKIP_REASONS, type ImportCounts, type ImportJob } from '../../shared/schemas/import-job.ts';

type Input = { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
type Handler = (input: Input) => unknown;

export interface FakeAdminApi {
  request: Mock<(route: string, input?: Input) => Promise<unknown>>;
  callsOf(route: string): Input[];
  on(route: string, handler: Handler): void;
}

export function createFakeAdminApi(): FakeAdminApi {
  const handlers = new Map<string, Handler>();
  const request = vi.fn(async (route: string, input: Input = {}) => {
    const handler = handlers.get(route);
    if (!handler) throw new Error(`Unexpected API call ${route}`);
    return handler(input);
  });
  return {
    request,
    callsOf: (route) => request.mock.calls.filter(([id]) => id === route).map(([, input]) => (input ?? {}) as Input),
    on: (route, handler) => handlers.set(route, handler),
  };
}

let sequence = 0;
function jobId(): string {
  sequence += 1;
  return `01K${String(sequence).padStart(23, '0')}`;
}

/** Skip counts as the server sends them: every reason, zero unless given. */
export function skipped(counts: Partial<ImportCounts['skipped']> = {}): ImportCounts['skipped'] {
  return Object.fromEntries(SKIP_REASONS.map((reason) => [reason, counts[reason] ?? 0])) as ImportCounts['skipped'];
}

/** Job counts, zero unless given. */
export function counts(overrides: Partial<Omit<ImportCounts, 'skipped'>> & { skipped?: Partial<ImportCounts['skipped']> } = {}): ImportCounts {
  return { fetched: 0, created: 0, updated: 0, unchanged: 0, flagged: 0, errors: 0, ...overrides, skipped: skipped(overrides.skipped) };
}

export function makeJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: jobId(),
    source: 'runsignup',
    status: 'completed',
    options: { from: '2026-03-10', to: '2027-12-31', limit: 1000, autoVerify: true, mode: 'quick' },
    startedBy: 'user-admin',
    counts: counts(),
    errors: [],
    expected: 1000,
    createdAt: '2026-03-10T14:00:00.000Z',
    startedAt: '2026-03-10T14:00:01.000Z',
    finishedAt: '2026-03-10T14:02:06.000Z',
    ...overrides,
  };
}

export function makeOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return {
    events: { total: 2034, verified: 1980, featured: 12, createdThisMonth: 57, flaggedForReview: 3 },
    users: { total: 40, athletes: 33, organizers: 4, admins: 3, createdThisMonth: 6 },
    organizations: { total: 9 },
    newsletter: { active: 120, unsubscribed: 4 },
    ...overrides,
  };
}
