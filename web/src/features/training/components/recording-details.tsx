/**
 * A recorded workout's splits and route, behind a disclosure in its journal row: the splits in the athlete's unit
 * (each whole kilometre or mile: its pace, and the moving time at its end), and the route as a line drawing once the entry itself
 * has been read (the journal's pages carry no routes).
 */
import { useState } from 'react';
import type { Recording, TrainingLog } from '#shared/schemas/training-log';
import { formatClock } from '#shared/training/clock-format';
import type { DistanceUnit } from '#shared/units';
import { RouteSketch } from '../../../components/course/route-sketch.tsx';
import { RetryNote } from '../../../components/retry-note.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useTrainingLog } from '../api/use-training.ts';
import '../../../components/course/course.css';

function SplitsTable({ recording, unit }: { recording: Recording; unit: DistanceUnit }) {
  const splits = unit === 'mi' ? recording.splits.mile : recording.splits.km;
  if (splits.length === 0) return <p className="recording__none">Shorter than one {unit === 'mi' ? 'mile' : 'kilometre'}: no splits.</p>;
  // The fastest split stands out only when the splits differ.
  const fastest = splits.some((seconds) => seconds !== splits[0]) ? Math.min(...splits) : undefined;
  const totals = splits.reduce<number[]>((sums, seconds) => [...sums, (sums.at(-1) ?? 0) + seconds], []);
  return (
    <table className="recording__splits">
      <caption className="visually-hidden">Splits per {unit === 'mi' ? 'mile' : 'kilometre'}</caption>
      <thead>
        <tr>
          <th scope="col">{unit === 'mi' ? 'Mile' : 'Km'}</th>
          <th scope="col">Pace</th>
          <th scope="col">Moving time</th>
        </tr>
      </thead>
      <tbody>
        {splits.map((seconds, index) => (
          <tr key={index} className={seconds === fastest ? 'recording__fastest' : undefined}>
            <th scope="row">{index + 1}</th>
            <td>
              {formatClock(seconds)} /{unit}
            </td>
            <td>{formatClock(totals[index]!)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RouteOf({ log }: { log: TrainingLog }) {
  const full = useTrainingLog(log.id);
  if (full.isPending) return <Spinner size={18} label="Loading the route" />;
  if (full.isError) return <RetryNote className="recording__none" what="The route" error={full.error} retry={() => void full.refetch()} />;
  const route = full.data.recording?.route;
  if (!route || route.length < 2) return <p className="recording__none">No route: this activity was recorded without GPS.</p>;
  return <RouteSketch line={route} label={`The route of the workout of ${formatEventDate(log.logDate)}`} />;
}

export function RecordingDetails({ log, unit }: { log: TrainingLog; unit: DistanceUnit }) {
  const [open, setOpen] = useState(false);
  const recording = log.recording;
  if (!recording) return null;
  return (
    <details className="recording" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Splits and route</summary>
      {open ? (
        <div className="recording__body">
          <SplitsTable recording={recording} unit={unit} />
          <div className="recording__route">
            <RouteOf log={log} />
          </div>
        </div>
      ) : null}
    </details>
  );
}
