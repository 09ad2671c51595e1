/**
 * A plan week by week: phase, planned distance and each day's workout, the race last; done days marked. Each
 * workout and each week downloads for a watch.
 */
import type { TrainingPlan } from '#shared/schemas/training-plans';
import { formatDistance, type DistanceUnit } from '#shared/units';
import { formatEventDate } from '../../../lib/event-format.ts';
import { formatMinutes, workoutTypeLabel } from '#shared/training/workout-format';
import { planWorkoutDescription } from '#shared/training/workout-description';
import { countOf } from '#shared/plural';
import { WatchDownload, WatchDownloadsNote } from './watch-download.tsx';

export function PlanWeeks({ plan, unit, today }: { plan: TrainingPlan; unit: DistanceUnit; today: string }) {
  return (
    <>
      <WatchDownloadsNote />
      <ol className="plan-weeks">
        {plan.plan.weeks.map((week, index) => (
          <li key={week.startDate}>
            <details open={week.startDate <= today && today <= week.workouts.at(-1)!.date ? true : index === 0}>
              <summary className="plan-weeks__summary">
                <span>Week {index + 1}</span>
                <span className={`plan-phase plan-phase--${week.phase}`}>{week.phase}</span>
                <span className="plan-weeks__km">
                  {formatDistance(unit, week.plannedKm)}
                  {week.workouts.some((workout) => workout.type === 'race') ? ' with the race' : ''}
                </span>
                <span className="plan-weeks__date">from {formatEventDate(week.startDate)}</span>
              </summary>
              <ul className="plan-days">
                {week.workouts.map((workout) => (
                  <li key={workout.date} className={plan.completions[workout.date] ? 'plan-day plan-day--done' : 'plan-day'}>
                    <span className="plan-day__date">{formatEventDate(workout.date)}</span>
                    <span className="plan-day__type">
                      {workoutTypeLabel(workout.type)}
                      {plan.completions[workout.date] ? ' · done' : ''}
                    </span>
                    <span className="plan-day__figures">
                      {workout.distanceKm > 0 ? `${formatDistance(unit, workout.distanceKm)} · ` : ''}
                      {formatMinutes(workout.durationMinutes)} · {workout.intensity}
                    </span>
                    <span className="plan-day__text">{planWorkoutDescription(plan.plan, workout, unit)}</span>
                    <span className="plan-day__download">
                      <WatchDownload
                        file={{ planId: plan.id, date: workout.date }}
                        label="Download for watch (.fit)"
                        name={`${workoutTypeLabel(workout.type)}, ${formatEventDate(workout.date)}`}
                      />
                    </span>
                  </li>
                ))}
              </ul>
              {week.workouts.length > 0 ? (
                <div className="plan-weeks__download">
                  <WatchDownload
                    file={{ planId: plan.id, week: week.startDate }}
                    look="button"
                    label={`Download week ${index + 1} for watch (.zip)`}
                    name={`${countOf(week.workouts.length, 'workout')} from ${formatEventDate(week.startDate)}`}
                  />
                </div>
              ) : null}
            </details>
          </li>
        ))}
      </ol>
    </>
  );
}
