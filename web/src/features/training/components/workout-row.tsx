/** One logged workout as the journal and the dashboards list it: day, activity, figures, effort, notes. */
import { ACTIVITY_LABELS, type TrainingLog } from '#shared/schemas/training-log';
import { formatElevation } from '#shared/elevation-format';
import { formatClock } from '#shared/training/clock-format';
import { formatMinutes } from '#shared/training/workout-format';
import { formatDistance, formatPace, type DistanceUnit } from '#shared/units';
import { formatEventDate } from '../../../lib/event-format.ts';
import { effortBand, EFFORT_BAND_LABELS } from './effort.ts';
import type { ReactNode } from 'react';

/** What the row says of the workout's distance and time; a recorded one to the second, with its climb and heart rate. */
function figuresOf(log: TrainingLog, unit: DistanceUnit): string[] {
  const recording = log.recording;
  // A recording's pace is its moving time over its distance, not the whole minutes the entry keeps.
  const minutes = recording ? recording.movingSeconds / 60 : log.durationMinutes;
  const pace = log.pace ?? (log.distanceKm && minutes ? formatPace(unit, minutes / log.distanceKm) : undefined);
  const time = recording ? formatClock(recording.movingSeconds) : log.durationMinutes !== undefined ? formatMinutes(log.durationMinutes) : undefined;
  return [
    log.distanceKm !== undefined ? formatDistance(unit, log.distanceKm) : undefined,
    time,
    pace,
    recording?.elevationGainMeters !== undefined ? `${formatElevation(unit, recording.elevationGainMeters)} climb` : undefined,
    recording?.avgHeartRate !== undefined ? `${Math.round(recording.avgHeartRate)} bpm` : undefined,
  ].filter((part): part is string => Boolean(part));
}

export function WorkoutRow({ log, unit, actions, details }: { log: TrainingLog; unit: DistanceUnit; actions?: ReactNode; details?: ReactNode }) {
  return (
    <li className="workout-row">
      <div className="workout-row__main">
        <p className="workout-row__title">
          <span>{log.recording?.name ?? ACTIVITY_LABELS[log.activityType]}</span>
          <span className="workout-row__date">{formatEventDate(log.logDate)}</span>
          {/* Where it came from: Strava's sync (its entry follows the activity there), or a file the athlete uploaded. */}
          {log.recording ? <span className="workout-row__source">{log.recording.source === 'strava' ? 'From Strava' : 'Recorded'}</span> : null}
        </p>
        <p className="workout-row__figures">
          {figuresOf(log, unit).join(' · ') || 'No distance or time logged'}
          {log.effortLevel !== undefined ? (
            <span className={`effort effort--${effortBand(log.effortLevel)}`}>
              Effort {log.effortLevel} · {EFFORT_BAND_LABELS[effortBand(log.effortLevel)]}
            </span>
          ) : null}
        </p>
        {log.notes ? <p className="workout-row__notes">{log.notes}</p> : null}
        {details}
      </div>
      {actions ? <div className="workout-row__actions">{actions}</div> : null}
    </li>
  );
}
