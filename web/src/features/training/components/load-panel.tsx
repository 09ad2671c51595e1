/**
 * Training load on the dashboard (issue 25): today's fitness, fatigue and form in words, the ramp rate and what it
 * means, a chart of the last 90 days or year (lazy: uPlot loads only here), and the same figures as a table.
 */
import { lazy, Suspense, useState } from 'react';
import type { TrainingLoad } from '#shared/schemas/training-load';
import { formWords, rampSentence } from '#shared/training/training-load';
import { RetryNote } from '../../../components/retry-note.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useTrainingLoad } from '../api/use-training.ts';
import { LOAD_COLOURS } from './load-colours.ts';

const LoadChart = lazy(() => import('./load-chart.tsx'));

const RANGES = [
  { days: 90, label: '90 days' },
  { days: 365, label: 'Year' },
] as const;

/** The days from a week before the first with any load: a new athlete's chart is not three months of flat line. */
function fromFirstLoad(days: TrainingLoad['days']): TrainingLoad['days'] {
  const first = days.findIndex((day) => day.load > 0 || day.fitness >= 0.5);
  return first > 14 ? days.slice(first - 7) : days;
}

function Summary({ load }: { load: TrainingLoad }) {
  const today = load.days.at(-1);
  if (!today) return null;
  const figures = [
    { name: 'Fitness', value: today.fitness, colour: LOAD_COLOURS.fitness, note: '42-day average load' },
    { name: 'Fatigue', value: today.fatigue, colour: LOAD_COLOURS.fatigue, note: '7-day average load' },
    { name: 'Form', value: today.form, colour: LOAD_COLOURS.form, note: formWords(today.form) },
  ];
  return (
    <>
      <ul className="load-figures" aria-label="Training load today">
        {figures.map((figure) => (
          <li key={figure.name} className="load-figure">
            <span className="load-figure__swatch" style={{ background: figure.colour }} aria-hidden="true" />
            <span className="load-figure__name">{figure.name}</span>
            <span className="load-figure__value">{Math.round(figure.value)}</span>
            <span className="load-figure__note">{figure.note}</span>
          </li>
        ))}
      </ul>
      {load.rampRate === undefined ? null : <p className="load-ramp">{rampSentence(load.rampRate)}</p>}
    </>
  );
}

export function LoadPanel() {
  const [days, setDays] = useState<number>(RANGES[0].days);
  const load = useTrainingLoad(days);
  const hasLoad = load.data?.days.some((day) => day.load > 0) ?? false;
  return (
    <section className="training-panel" aria-labelledby="load-title">
      <div className="load-panel__head">
        <h2 id="load-title" className="training-panel__title">
          Training load
        </h2>
        <div className="load-panel__ranges" role="group" aria-label="Days shown">
          {RANGES.map((range) => (
            <button key={range.days} type="button" className="load-panel__range" aria-pressed={days === range.days} onClick={() => setDays(range.days)}>
              {range.label}
            </button>
          ))}
        </div>
      </div>
      {load.isPending ? <Spinner label="Loading training load" /> : null}
      {load.isError ? <RetryNote className="load-panel__note" what="Training load" error={load.error} retry={() => void load.refetch()} /> : null}
      {load.data && !hasLoad ? (
        <p className="load-panel__note">Log workouts with their time and effort, or import recorded runs, and your fitness, fatigue and form show here.</p>
      ) : null}
      {load.data && hasLoad ? (
        <>
          <Summary load={load.data} />
          <Suspense fallback={<div className="weekly-chart-placeholder" />}>
            <LoadChart days={fromFirstLoad(load.data.days)} />
          </Suspense>
          <p className="load-panel__note">
            Load is each day&apos;s training impulse: minutes times how hard (heart rate from a recorded run, else your effort). Bars: daily load.
          </p>
          <details className="weekly-table">
            <summary>Show training load as a table</summary>
            <table className="figures-table">
              <caption className="visually-hidden">Load, fitness, fatigue and form per day, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Load</th>
                  <th scope="col">Fitness</th>
                  <th scope="col">Fatigue</th>
                  <th scope="col">Form</th>
                </tr>
              </thead>
              <tbody>
                {[...load.data.days].reverse().slice(0, 28).map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatEventDate(day.date)}</th>
                    <td>{Math.round(day.load)}</td>
                    <td>{Math.round(day.fitness)}</td>
                    <td>{Math.round(day.fatigue)}</td>
                    <td>{Math.round(day.form)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : null}
    </section>
  );
}
