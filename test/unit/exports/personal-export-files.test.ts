/**
 * The files of "Export my data", from a gathered document: the JSON is the document, the CSVs are the log and
 * the saved races (formula cells neutralized, distances in km and mi), the .ics is there only with a plan, and
 * the ZIP opens to the same files. test/integration/personal-exports.test.ts runs it all against the local stack.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PERSONAL_EXPORT_FILES } from '#shared/schemas/personal-export';
import type { PersonalData } from '#data/personal-data';
import { personalExportFiles } from '../../../lambdas/exports/personal-export-files.ts';
import { zipFiles } from '../../../lambdas/exports/run-personal-export.ts';
import { csvRecords } from '../../support/csv.ts';

const NOW = new Date('2026-11-23T15:00:00.000Z');

function data(overrides: Partial<PersonalData> = {}): PersonalData {
  return {
    format: 'racefinder-personal-data',
    version: 1,
    exportedAt: NOW.toISOString(),
    units: 'km',
    profile: { id: 'sub-1', email: 'sam@example.com', role: 'athlete', createdAt: '2025-01-02T03:04:05.000Z' },
    training: {
      logs: [
        { id: '01JLOG00000000000000000001', activityType: 'running', distanceKm: 21.0975, durationMinutes: 110, notes: '@coach said +1 lap', logDate: '2026-11-22', createdAt: '2026-11-22T12:00:00.000Z' },
        { id: '01JLOG00000000000000000002', activityType: 'yoga', durationMinutes: 30, logDate: '2026-11-21', createdAt: '2026-11-21T12:00:00.000Z' },
      ],
      goals: [],
      plans: [],
      activePlanId: null,
    },
    coachMessages: [],
    savedRaces: [
      { savedAt: '2026-11-20T10:00:00.000Z', eventId: '01JRACE0000000000000000001', event: null },
    ],
    raceChecklists: [],
    calendarFeeds: [],
    reviews: [],
    recaps: [],
    helpfulVotes: [],
    reviewReports: [],
    claims: [],
    organizerApplications: [],
    suggestedRaces: [],
    promotions: [],
    savedSearches: [],
    notificationSettings: [],
    notifications: [],
    stravaConnection: null,
    ...overrides,
  };
}

describe('personal export files', () => {
  it('writes the document, the log with km and mi and neutralized formulas, and the saved races; no .ics without a plan', () => {
    const files = personalExportFiles(data(), undefined, NOW);
    expect(Object.keys(files).sort()).toEqual([PERSONAL_EXPORT_FILES.readme, PERSONAL_EXPORT_FILES.data, PERSONAL_EXPORT_FILES.savedRaces, PERSONAL_EXPORT_FILES.trainingLog].sort());
    expect(JSON.parse(files[PERSONAL_EXPORT_FILES.data]!)).toEqual(data());
    expect(csvRecords(files[PERSONAL_EXPORT_FILES.trainingLog]!).records).toEqual([
      { date: '2026-11-22', activity: 'running', distance_km: '21.0975', distance_mi: '13.11', duration_minutes: '110', effort: '', pace: '', notes: "'@coach said +1 lap", started_at: '', moving_seconds: '', elevation_gain_m: '', avg_heart_rate: '' },
      { date: '2026-11-21', activity: 'yoga', distance_km: '', distance_mi: '', duration_minutes: '30', effort: '', pace: '', notes: '', started_at: '', moving_seconds: '', elevation_gain_m: '', avg_heart_rate: '' },
    ]);
    expect(csvRecords(files[PERSONAL_EXPORT_FILES.savedRaces]!).records).toEqual([
      expect.objectContaining({ saved_at: '2026-11-20T10:00:00.000Z', event_id: '01JRACE0000000000000000001', title: '', listed: 'false' }),
    ]);
    expect(files[PERSONAL_EXPORT_FILES.readme]).toContain(`No ${PERSONAL_EXPORT_FILES.trainingPlan}`);
  });

  it('zips the files so that they open unchanged', () => {
    const files = personalExportFiles(data(), undefined, NOW);
    const opened = unzipSync(zipFiles(files, NOW));
    // Byte for byte: the CSVs' byte-order marks (for Excel) included, which a TextDecoder would drop.
    expect(Object.fromEntries(Object.entries(opened).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]))).toEqual(files);
  });
});
