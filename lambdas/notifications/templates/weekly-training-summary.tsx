/**
 * The weekly training summary (opt-in): last week's workouts against the plan, and next week's key workouts,
 * in the reader's unit.
 */
import { countOf } from '#shared/plural';
import { formatMinutes, workoutTypeLabel } from '#shared/training/workout-format';
import { formatDistance } from '#shared/units';
import { shortDate } from './format.ts';
import { Facts, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

export const weeklyTrainingSummary: Template<'weekly-training-summary'> = (data, { url, reader }) => {
  const { lastWeek, nextWeek } = data;
  const distance = formatDistance(reader.unit, lastWeek.distanceKm);
  const workouts = countOf(lastWeek.workouts, 'workout');
  return {
    subject: `Your training week: ${distance} in ${workouts}`,
    preview: nextWeek ? `Next week: ${formatDistance(reader.unit, nextWeek.plannedKm)} planned.` : `${workouts} logged last week.`,
    heading: `Your week from ${shortDate(data.weekStart)}`,
    action: { label: 'Open your training dashboard', href: url('/training-dashboard') },
    body: (
      <>
        <Paragraph>
          {lastWeek.workouts > 0 ? `You logged ${workouts} last week.` : 'You logged no workouts last week: a fresh start is one run away.'}
          {data.plan ? ` Your plan: ${data.plan.name}.` : ''}
        </Paragraph>
        <Facts
          facts={[
            ['Workouts', lastWeek.plannedWorkouts !== undefined ? `${lastWeek.workouts} of ${lastWeek.plannedWorkouts} planned` : String(lastWeek.workouts)],
            ['Distance', lastWeek.plannedKm !== undefined ? `${distance} of ${formatDistance(reader.unit, lastWeek.plannedKm)} planned` : distance],
            ['Time', formatMinutes(lastWeek.durationMinutes)],
          ]}
        />
        {nextWeek ? (
          <>
            <Paragraph>
              Next week{nextWeek.phase ? ` (${nextWeek.phase} phase)` : ''}: {formatDistance(reader.unit, nextWeek.plannedKm)} planned.
              {nextWeek.keyWorkouts.length > 0 ? ' Key workouts:' : ''}
            </Paragraph>
            {nextWeek.keyWorkouts.length > 0 ? (
              <Facts
                facts={nextWeek.keyWorkouts.map((workout) => [
                  shortDate(workout.date),
                  [workoutTypeLabel(workout.type), workout.distanceKm > 0 ? formatDistance(reader.unit, workout.distanceKm) : undefined, formatMinutes(workout.durationMinutes)]
                    .filter(Boolean)
                    .join(' · '),
                ])}
              />
            ) : null}
          </>
        ) : (
          <Paragraph>You have no plan for next week. A plan built for your race keeps the weeks ahead in view.</Paragraph>
        )}
      </>
    ),
  };
};
