/**
 * /pacing-calculator (public): any two of distance, time and pace give the third, in miles or kilometres, with
 * split tables and race-time predictions. It all runs in the browser from shared/running/, so the page needs
 * no sign-in, no API and no schema library: its chunk stays small.
 */
import { useRef, useState, type FormEvent } from 'react';
import { formatDuration, formatPaceIn, kmPerUnit, paceIn, parseDistance, parsePace } from '#shared/running/durations';
import { calculatePace, PACE_TARGETS, type PaceErrors, type PaceField, type PaceTarget, type Performance } from '#shared/running/pacing';
import { QUICK_DISTANCES } from '#shared/running/race-distances';
import type { DistanceUnit } from '#shared/units';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ChoiceChips } from '../components/choice-chips.tsx';
import { PaceFigures, RacePredictions, SplitTables, paceSummary } from '../components/pacing-results.tsx';
import '../components/pacing.css';

type DistanceChoice = (typeof QUICK_DISTANCES)[number]['id'] | 'custom';

const UNIT_OPTIONS = [
  { value: 'mi', label: 'Miles' },
  { value: 'km', label: 'Kilometres' },
] as const satisfies readonly { value: DistanceUnit; label: string }[];

const FIND_LABELS: Readonly<Record<PaceTarget, string>> = { pace: 'Pace', time: 'Finish time', distance: 'Distance' };

const DISTANCE_OPTIONS: readonly { value: DistanceChoice; label: string }[] = [
  ...QUICK_DISTANCES.map((distance) => ({ value: distance.id, label: distance.label })),
  { value: 'custom', label: 'Custom' },
];

/** A number in a unit as a person would type it: at most two decimals. */
const typed = (value: number) => String(Math.round(value * 100) / 100);

/** The empty result's example: a half marathon in 1:45:00. */
const EXAMPLE = { km: 21.0975, seconds: 6300 } as const;

const READY_TEXT = 'Enter two of distance, time and pace, then press Calculate.';

export default function PacingCalculatorPage() {
  useDocumentTitle('Pacing Calculator');
  const [unit, setUnit] = useState<DistanceUnit>('mi');
  const [find, setFind] = useState<PaceTarget>('pace');
  const [distanceChoice, setDistanceChoice] = useState<DistanceChoice>('half');
  const [customDistance, setCustomDistance] = useState('');
  const [time, setTime] = useState('');
  const [pace, setPace] = useState('');
  const [errors, setErrors] = useState<PaceErrors>({});
  const [result, setResult] = useState<{ performance: Performance; find: PaceTarget }>();
  const [status, setStatus] = useState(READY_TEXT);
  const distanceInput = useRef<HTMLInputElement>(null);
  const timeInput = useRef<HTMLInputElement>(null);
  const paceInput = useRef<HTMLInputElement>(null);

  const distanceText = () => {
    const quick = QUICK_DISTANCES.find((distance) => distance.id === distanceChoice);
    return quick ? `${quick.km} km` : customDistance;
  };

  const clearError = (field: PaceField) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = calculatePace({ find, unit, distance: distanceText(), time, pace });
    if (!outcome.ok) {
      setErrors(outcome.errors);
      setResult(undefined);
      const wrong = (['distance', 'time', 'pace'] as const).filter((field) => outcome.errors[field]);
      setStatus(`Check the ${wrong.map((field) => (field === 'time' ? 'finish time' : field)).join(' and ')}: nothing was worked out yet.`);
      const first = wrong[0]!;
      ({ distance: distanceInput, time: timeInput, pace: paceInput })[first].current?.focus();
      return;
    }
    setErrors({});
    setResult({ performance: outcome.performance, find });
    setStatus(paceSummary(outcome.performance, unit));
  };

  /** Typed values follow the unit (a pace that names its own unit is left as written). */
  const changeUnit = (next: DistanceUnit) => {
    if (next === unit) return;
    const distance = parseDistance(customDistance, unit);
    if (distance.ok && /^[\d.,\s]+$/.test(customDistance)) setCustomDistance(typed(distance.value / kmPerUnit(next)));
    const parsedPace = parsePace(pace, unit);
    if (parsedPace.ok && parsedPace.value.unit === unit && !/[a-z]/i.test(pace)) setPace(formatDuration(paceIn(next, parsedPace.value.secondsPerKm)));
    setUnit(next);
    if (result) setStatus(paceSummary(result.performance, next));
  };

  /** Asking for another figure keeps the one just worked out in its field, ready to adjust. */
  const changeFind = (next: PaceTarget) => {
    if (result) {
      const { performance } = result;
      if (find === 'pace') setPace(formatDuration(paceIn(unit, performance.secondsPerKm)));
      if (find === 'time') setTime(formatDuration(performance.seconds));
      if (find === 'distance') {
        setDistanceChoice('custom');
        setCustomDistance(typed(performance.distanceKm / kmPerUnit(unit)));
      }
    }
    setErrors({});
    setFind(next);
  };

  const unitLabel = unit === 'mi' ? 'mi' : 'km';
  return (
    <>
      <PageHeader
        eyebrow="Runner tools"
        title="Pacing Calculator"
        lede="Enter any two of distance, finish time and pace to get the third, with split tables and race-time predictions."
      />
      <div className="container pacing-page">
        <form className="pacing-panel" aria-labelledby="pacing-form-title" onSubmit={submit} noValidate>
          <h2 id="pacing-form-title" className="pacing-panel__title">
            Your run
          </h2>
          <ChoiceChips legend="Units" value={unit} options={UNIT_OPTIONS} onChange={changeUnit} />
          <ChoiceChips legend="Work out" value={find} options={PACE_TARGETS.map((target) => ({ value: target, label: FIND_LABELS[target] }))} onChange={changeFind} />

          {find !== 'distance' ? (
            <div className="field">
              <ChoiceChips
                legend="Distance"
                value={distanceChoice}
                options={DISTANCE_OPTIONS}
                onChange={(choice) => {
                  setDistanceChoice(choice);
                  clearError('distance');
                  // The field appears under the chips: go straight to it.
                  if (choice === 'custom') setTimeout(() => distanceInput.current?.focus());
                }}
              />
              {distanceChoice === 'custom' ? (
                <TextField
                  ref={distanceInput}
                  label={`Custom distance (${unitLabel})`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={customDistance}
                  onChange={(event) => {
                    setCustomDistance(event.target.value);
                    clearError('distance');
                  }}
                  error={errors.distance}
                  hint={unit === 'mi' ? 'e.g. 6.2 or 13.1' : 'e.g. 15 or 21.1'}
                />
              ) : null}
            </div>
          ) : null}

          {find !== 'time' ? (
            <TextField
              ref={timeInput}
              label="Finish time"
              autoComplete="off"
              value={time}
              onChange={(event) => {
                setTime(event.target.value);
                clearError('time');
              }}
              error={errors.time}
              hint="h:mm:ss or mm:ss, e.g. 1:45:00 or 24:30"
            />
          ) : null}

          {find !== 'pace' ? (
            <TextField
              ref={paceInput}
              label={`Pace (min/${unitLabel})`}
              autoComplete="off"
              value={pace}
              onChange={(event) => {
                setPace(event.target.value);
                clearError('pace');
              }}
              error={errors.pace}
              hint={`m:ss per ${unit === 'mi' ? 'mile' : 'km'}, e.g. ${unit === 'mi' ? '8:30' : '5:15'}; or name the unit: 7:30 /mi`}
            />
          ) : null}

          <div className="pacing-form__actions">
            <Button type="submit" variant="primary" size="lg">
              Calculate {FIND_LABELS[find].toLowerCase()}
            </Button>
          </div>
        </form>

        <div className="pacing-results">
          <section className="pacing-panel" aria-labelledby="pacing-result-title">
            <h2 id="pacing-result-title" className="pacing-panel__title">
              Result
            </h2>
            <p className="pacing-summary" role="status" aria-live="polite">
              {status}
            </p>
            {result ? <PaceFigures performance={result.performance} find={result.find} unit={unit} /> : null}
            {result ? null : (
              <p className="pacing-note">For example, a half marathon in 1:45:00 is a pace of {formatPaceIn(unit, EXAMPLE.seconds / EXAMPLE.km)}.</p>
            )}
          </section>
          {result ? <SplitTables performance={result.performance} unit={unit} /> : null}
          {result ? <RacePredictions performance={result.performance} unit={unit} /> : null}
        </div>
      </div>
    </>
  );
}
