/**
 * What a new plan grows from, shown before the athlete asks for one (issue 21): the weekly distance, longest run
 * and best effort the server reads in their log's last 4 weeks, in their unit. The plan form's optional figures
 * override these; without runs in the log, the plan starts from those figures or the level's typical training.
 */
import { formatDuration } from '#shared/running/durations';
import { formatDistance, formatPace, type DistanceUnit } from '#shared/units';
import { formatEventDate } from '../../../lib/event-format.ts';
import { usePlanStartingPoint } from '../api/use-training.ts';

const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? '' : 's'}`;
/** The average's span, in whole weeks as a runner counts them: 2.1 weeks is '2 weeks', less than one is 'week'. */
const weeksText = (weeks: number) => (Math.round(weeks) <= 1 ? 'week' : count(Math.min(4, Math.round(weeks)), 'week'));

export function PlanStartingPoint({ unit }: { unit: DistanceUnit }) {
  const starting = usePlanStartingPoint();
  if (starting.isPending) {
    return (
      <p className="plan-start" role="status">
        Reading your training log…
      </p>
    );
  }
  if (starting.isError) {
    return (
      <p className="plan-start">
        Your training log could not be read just now. The plan still grows from it when you create one; or enter your figures below.
      </p>
    );
  }
  const { history } = starting.data;
  if (!history) {
    return (
      <p className="plan-start">
        Your log has no runs in the last 4 weeks, so the plan starts from the figures you enter below, or from typical training for your level. Log your runs and
        the plan grows from what you actually ran.
      </p>
    );
  }
  const best = history.bestEffort;
  return (
    <div className="plan-start" aria-label="From your training log">
      <p className="plan-start__title">From your log: {count(history.runs, 'run')} in the last {weeksText(history.weeks)}</p>
      <ul className="plan-start__figures">
        <li>
          About <strong>{formatDistance(unit, history.currentWeeklyKm)}</strong> a week
        </li>
        <li>
          Longest run <strong>{formatDistance(unit, history.longestRunKm)}</strong>
        </li>
        {best ? (
          <li>
            Paces from your best run: {formatDistance(unit, best.distanceKm)} in {formatDuration(best.minutes * 60)} ({formatPace(unit, best.minutes / best.distanceKm)}), {formatEventDate(best.date)}
          </li>
        ) : null}
      </ul>
      <p className="plan-start__hint">The plan grows from these. Fill in the optional fields below only to use other figures.</p>
    </div>
  );
}
