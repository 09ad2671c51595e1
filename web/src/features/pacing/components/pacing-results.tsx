/**
 * What the calculator worked out: the three figures, split tables (even and negative) and race-time
 * predictions by Riegel and VDOT, all in the unit chosen. Everything is computed here from the one
 * performance, so switching units or the negative split's share redraws without asking again.
 */
import { useMemo, useState } from 'react';
import { formatDistanceIn, formatDuration, formatPaceIn, kmPerUnit } from '#shared/running/durations';
import type { PaceTarget, Performance } from '#shared/running/pacing';
import { speedKmh } from '#shared/running/pacing';
import { predictRaces } from '#shared/running/predictions';
import { DEFAULT_NEGATIVE_SPLIT, NEGATIVE_SPLIT_CHOICES, evenPlan, negativeSplitHalves, negativeSplitPlan, splitInterval, splitsOf, type Split } from '#shared/running/splits';
import type { DistanceUnit } from '#shared/units';
import { ChoiceField } from '../../../components/form-fields.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import './pacing.css';

const unitWord = (unit: DistanceUnit) => (unit === 'mi' ? 'Mile' : 'Km');

export function PaceFigures({ performance, find, unit }: { performance: Performance; find: PaceTarget; unit: DistanceUnit }) {
  const other: DistanceUnit = unit === 'mi' ? 'km' : 'mi';
  const speed = speedKmh(performance.secondsPerKm) / kmPerUnit(unit);
  const figures: { id: PaceTarget; label: string; value: string; note?: string }[] = [
    { id: 'pace', label: 'Pace', value: formatPaceIn(unit, performance.secondsPerKm), note: formatPaceIn(other, performance.secondsPerKm) },
    { id: 'time', label: 'Finish time', value: formatDuration(performance.seconds) },
    { id: 'distance', label: 'Distance', value: formatDistanceIn(unit, performance.distanceKm), note: `${speed.toFixed(1)} ${unit === 'mi' ? 'mph' : 'km/h'}` },
  ];
  return (
    <dl className="pacing-figures">
      {figures.map((figure) => (
        <div key={figure.id} className={figure.id === find ? 'pacing-figure pacing-figure--answer' : 'pacing-figure'}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
          {figure.note ? <dd className="pacing-figure__note">{figure.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** The summary a screen reader hears when a result comes in (the figures above say the same at a glance). */
export function paceSummary(performance: Performance, unit: DistanceUnit): string {
  return `${formatDistanceIn(unit, performance.distanceKm)} in ${formatDuration(performance.seconds)} is a pace of ${formatPaceIn(unit, performance.secondsPerKm)}.`;
}

const markLabel = (mark: number) => (Number.isInteger(mark) ? String(mark) : mark.toFixed(2));

function SplitTable({ splits, unit, caption }: { splits: readonly Split[]; unit: DistanceUnit; caption: string }) {
  return (
    <table className="pacing-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{unitWord(unit)}</th>
          <th scope="col">Split</th>
          <th scope="col">Elapsed</th>
        </tr>
      </thead>
      <tbody>
        {splits.map((split) => (
          <tr key={split.mark}>
            <th scope="row">{markLabel(split.mark)}</th>
            <td>{formatDuration(split.splitSeconds)}</td>
            <td>{formatDuration(split.elapsedSeconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type SplitKind = 'even' | 'negative';

export function SplitTables({ performance, unit }: { performance: Performance; unit: DistanceUnit }) {
  const [kind, setKind] = useState<SplitKind>('even');
  const [fasterBy, setFasterBy] = useState<number>(DEFAULT_NEGATIVE_SPLIT);
  const { distanceKm, seconds } = performance;
  const even = useMemo(() => splitsOf(evenPlan(distanceKm, seconds), distanceKm, seconds, unit), [distanceKm, seconds, unit]);
  const negative = useMemo(() => splitsOf(negativeSplitPlan(distanceKm, seconds, fasterBy), distanceKm, seconds, unit), [distanceKm, seconds, unit, fasterBy]);
  const halves = negativeSplitHalves(seconds, fasterBy);
  const interval = splitInterval(distanceKm, unit);
  const every = interval === 1 ? `every ${unit === 'mi' ? 'mile' : 'kilometre'}` : `every ${interval} ${unit === 'mi' ? 'miles' : 'km'}`;
  return (
    <section className="pacing-panel" aria-labelledby="pacing-splits-title">
      <h2 id="pacing-splits-title" className="pacing-panel__title">
        Splits
      </h2>
      <p className="pacing-note">Time for each split and the clock at its end, {every}.</p>
      <Tabs
        label="Split plans"
        selected={kind}
        onSelect={setKind}
        tabs={[
          { id: 'even', label: 'Even splits', panel: <SplitTable splits={even} unit={unit} caption="Even splits" /> },
          {
            id: 'negative',
            label: 'Negative splits',
            panel: (
              <div className="pacing-panel__body">
                <div className="pacing-split-options">
                  <ChoiceField
                    label="Second half faster by"
                    value={String(fasterBy)}
                    onChange={(value) => setFasterBy(Number(value))}
                    options={NEGATIVE_SPLIT_CHOICES.map((share) => ({ value: String(share), label: `${share * 100}%` }))}
                  />
                  <p className="pacing-note">
                    First half {formatDuration(halves.first)}, second half {formatDuration(halves.second)}.
                  </p>
                </div>
                <SplitTable splits={negative} unit={unit} caption={`Negative splits, second half ${fasterBy * 100}% faster`} />
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}

export function RacePredictions({ performance, unit }: { performance: Performance; unit: DistanceUnit }) {
  const result = useMemo(() => predictRaces(performance.distanceKm, performance.seconds), [performance.distanceKm, performance.seconds]);
  const outside = [
    ...(result.withinVdotTables ? [] : ["Daniels' tables run from VDOT 30 to 85 and from 1500 m to the marathon"]),
    ...(result.withinRiegelRange ? [] : ["Riegel fitted his formula on efforts of 3.5 to 230 minutes"]),
  ];
  const cell = (seconds: number | undefined, km: number) =>
    seconds === undefined ? (
      '–'
    ) : (
      <>
        {formatDuration(seconds)}
        <span className="pacing-table__pace">{formatPaceIn(unit, seconds / km)}</span>
      </>
    );
  return (
    <section className="pacing-panel" aria-labelledby="pacing-predictions-title">
      <h2 id="pacing-predictions-title" className="pacing-panel__title">
        Race-time predictions
      </h2>
      <p className="pacing-note">
        What {formatDistanceIn(unit, performance.distanceKm)} in {formatDuration(performance.seconds)} predicts at other distances, by two models. Your VDOT is{' '}
        <strong>{result.vdot.toFixed(1)}</strong>.
      </p>
      <table className="pacing-table">
        <caption className="visually-hidden">Predicted race times</caption>
        <thead>
          <tr>
            <th scope="col">Race</th>
            <th scope="col">Riegel</th>
            <th scope="col">VDOT (Daniels)</th>
          </tr>
        </thead>
        <tbody>
          {result.predictions.map((prediction) => (
            <tr key={prediction.distance.id}>
              <th scope="row">{prediction.distance.label}</th>
              <td>{cell(prediction.riegelSeconds, prediction.distance.km)}</td>
              <td>{cell(prediction.vdotSeconds, prediction.distance.km)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {outside.length > 0 ? <p className="pacing-note">Treat these as rough: {outside.join(', and ')}, and this run is outside that.</p> : null}
      <details className="pacing-note">
        <summary>How these are worked out</summary>
        <p>
          Riegel: T2 = T1 × (D2 ÷ D1)<sup>1.06</sup>. VDOT: Jack Daniels' running formula, the oxygen cost of your speed divided by the share of VO2max a
          race of that length allows; each prediction is the time at the other distance with the same VDOT. Both assume you train for the distance.
        </p>
      </details>
    </section>
  );
}
