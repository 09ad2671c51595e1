/** One logged workout as the journal and the dashboards list it: day, activity, figures, effort, notes. */
import { ACTIVITY_LABELS, type TrainingLog } from '#shared/schemas/training-log';
import { formatMinutes } from '#shared/training/workout-format';
import { formatDistance, formatPace, type DistanceUnit } from '#shared/units';
import { formatEventDate } from '../../../lib/event-format.ts';
import { effortBand, EFFORT_BAND_LABELS } from './effort.ts';
import type { ReactNode } from 'react';

export function WorkoutRow({ log, unit, actions }: { log: TrainingLog; unit: DistanceUnit; actions?: ReactNode }) {
  const pace = log.pace ?? (log.distanceKm && log.durationMinutes ? formatPace(unit, log.durationMinutes / log.distanceKm) : undefined);
  return (
    <li className="workout-row">
      <div className="workout-row__main">
        <p className="workout-row__title">
          <span>{ACTIVITY_LABELS[log.activityType]}</span>
          <span className="workout-row__date">{formatEventDate(log.logDate)}</span>
        </p>
        <p className="workout-row__figures">
          {[log.distanceKm !== undefined ? formatDistance(unit, log.distanceKm) : undefined, log.durationMinutes !== undefined ? formatMinutes(log.durationMinutes) : undefined, pace]
            .filter(Boolean)
            .join(' · ') || 'No distance or time logged'}
          {log.effortLevel !== undefined ? (
            <span className={`effort effort--${effortBand(log.effortLevel)}`}>
              Effort {log.effortLevel} · {EFFORT_BAND_LABELS[effortBand(log.effortLevel)]}
            </span>
          ) : null}
        </p>
        {log.notes ? <p className="workout-row__notes">{log.notes}</p> : null}
      </div>
      {actions ? <div className="workout-row__actions">{actions}</div> : null}
    </li>
  );
}
