/**
 * The last 12 weeks: a bar chart for the eye (lazy: uPlot loads only here) and the same figures as a table,
 * which is what screen readers and keyboards get (the chart is aria-hidden).
 */
import { lazy, Suspense } from 'react';
import type { WeekFigures } from '#shared/schemas/training-stats';
import { formatDistance, type DistanceUnit } from '#shared/units';
import { formatEventDate } from '../../../lib/event-format.ts';
import { formatMinutes } from '#shared/training/workout-format';

const WeeklyChart = lazy(() => import('./weekly-chart.tsx'));

export function WeeklyFigures({ weeks, unit }: { weeks: readonly WeekFigures[]; unit: DistanceUnit }) {
  return (
    <section className="training-panel" aria-labelledby="weeks-title">
      <h2 id="weeks-title" className="training-panel__title">
        Last 12 weeks
      </h2>
      <Suspense fallback={<div className="weekly-chart-placeholder" />}>
        <WeeklyChart weeks={weeks} unit={unit} />
      </Suspense>
      <details className="weekly-table">
        <summary>Show the weeks as a table</summary>
        <table className="figures-table">
          <caption className="visually-hidden">Distance, time and workouts per week, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Distance</th>
              <th scope="col">Time</th>
              <th scope="col">Workouts</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{formatEventDate(week.weekStart)}</th>
                <td>{formatDistance(unit, week.distanceKm)}</td>
                <td>{formatMinutes(week.durationMinutes)}</td>
                <td>{week.workouts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
