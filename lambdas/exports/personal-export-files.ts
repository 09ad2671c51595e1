/**
 * The files of a personal data export, from what lambdas/data/personal-data.ts gathered: the whole document as
 * JSON, the training log and the saved races as CSV (written as every export's CSV is, lib/csv-cells.ts: formula
 * cells neutralized), the training plan as an iCalendar file (the plan feed's own entries,
 * shared/training/plan-calendar.ts) and a README that says what each holds. Pure: the worker zips and stores them.
 */
import { buildCalendar } from '#shared/ics';
import { EXPORT_RETENTION_DAYS, PERSONAL_EXPORT_FILES } from '#shared/schemas/personal-export';
import { planCalendarEvents, type PlanForCalendar } from '#shared/training/plan-calendar';
import type { PersonalData } from '#data/personal-data';
import { csvLines, type Row } from '#lib/csv-cells';
import { TRAINING_LOG_COLUMNS, trainingLogRow } from '#lib/training-log-csv';

export const SAVED_RACE_COLUMNS = [
  'saved_at', 'event_id', 'title', 'event_date', 'city', 'state', 'location', 'event_type', 'terrain', 'distances', 'registration_url', 'listed',
] as const;

/** A race's distances in one cell ('5K; 13.1 mi'), as the admins' events export writes lists. */
const LIST_SEPARATOR = '; ';

export function trainingLogCsv(data: PersonalData): string {
  return csvLines(TRAINING_LOG_COLUMNS, data.training.logs.map(trainingLogRow), true);
}

export function savedRacesCsv(data: PersonalData): string {
  const rows: Row[] = data.savedRaces.map(({ savedAt, eventId, event }) => ({
    saved_at: savedAt,
    event_id: eventId,
    title: event?.title,
    event_date: event?.eventDate,
    city: event?.city,
    state: event?.state,
    location: event?.locationName,
    event_type: event?.eventType,
    terrain: event?.terrainType,
    distances: event?.distances.join(LIST_SEPARATOR),
    registration_url: event?.registrationUrl,
    listed: event !== null,
  }));
  return csvLines(SAVED_RACE_COLUMNS, rows, true);
}

/** The plan as the calendar feed shows it, in the athlete's unit, as a file to import. */
export function trainingPlanIcs(plan: PlanForCalendar, data: PersonalData, now: Date): string {
  return buildCalendar({ name: `RaceFinder: ${plan.name}`, events: planCalendarEvents(plan, data.units), now, prodId: 'Training Plan' });
}

function readme(data: PersonalData, plan: PlanForCalendar | undefined): string {
  const unit = data.units === 'mi' ? 'miles' : 'kilometres';
  const lines = [
    'Your RaceFinder data',
    `Exported ${data.exportedAt}.`,
    '',
    `${PERSONAL_EXPORT_FILES.data}`,
    '  Everything RaceFinder keeps about you: your profile, training logs, goals, training plans (with every week',
    '  and workout), the coach chat, saved races, race checklists, which calendar feeds you have on, your reviews',
    '  and recaps, the reviews you marked helpful or reported, and as an organizer your claims, applications,',
    '  suggested races and promotions. Distances in it are kilometres (distanceKm); your screens show ' + unit + '.',
    '  Left out: the addresses of your calendar feeds (they are secrets; turn a feed off and on for a new one) and',
    '  payment references (no card details are ever stored by RaceFinder).',
    '',
    `${PERSONAL_EXPORT_FILES.trainingLog}`,
    `  Your training log, newest first, ${data.training.logs.length} ${data.training.logs.length === 1 ? 'entry' : 'entries'}; distances in kilometres and in miles.`,
    '',
    `${PERSONAL_EXPORT_FILES.savedRaces}`,
    `  The races you saved, newest save first, ${data.savedRaces.length} in all; "listed" is false for a race no longer in the directory.`,
    '',
    plan
      ? `${PERSONAL_EXPORT_FILES.trainingPlan}\n  "${plan.name}" (${data.training.activePlanId === plan.id ? 'your active plan' : 'your most recent plan'}), one all-day entry per workout and the race, to import into a calendar app.`
      : `(No ${PERSONAL_EXPORT_FILES.trainingPlan}: you have no training plan.)`,
    '',
    `This file and its download link are deleted ${EXPORT_RETENTION_DAYS} days after the export was asked for.`,
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The ZIP's files by name, as text. The .ics is there only when the athlete has a plan. */
export function personalExportFiles(data: PersonalData, plan: PlanForCalendar | undefined, now: Date): Record<string, string> {
  return {
    [PERSONAL_EXPORT_FILES.readme]: readme(data, plan),
    [PERSONAL_EXPORT_FILES.data]: `${JSON.stringify(data, null, 2)}\n`,
    [PERSONAL_EXPORT_FILES.trainingLog]: trainingLogCsv(data),
    [PERSONAL_EXPORT_FILES.savedRaces]: savedRacesCsv(data),
    ...(plan ? { [PERSONAL_EXPORT_FILES.trainingPlan]: trainingPlanIcs(plan, data, now) } : {}),
  };
}
