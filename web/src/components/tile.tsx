import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import './dashboard-parts.css';

/** One figure of a dashboard's summary row: '–' while it is not known. */
export function Tile({ icon, label, value, note }: { icon: ReactNode; label: string; value: number | string | undefined; note?: string }) {
  return (
    <li className="dashboard-tile">
      <span className="dashboard-tile__icon">{icon}</span>
      <span className="dashboard-tile__label">{label}</span>
      <span className="dashboard-tile__value">
        {value === undefined ? '–' : value}
      </span>
      {note ? <span className="dashboard-tile__note">{note}</span> : null}
    </li>
  );
}

/** In place of a silent row of '–': the figures could not be read, why, and a way to ask again. */
export function TilesLoadError({ error, retry }: { error: unknown; retry(): void }) {
  return (
    <div className="dashboard-tiles__error">
      <Alert tone="error" title="Your figures could not be loaded">
        <p>{errorMessage(error)}</p>
        <Button size="sm" onClick={retry}>
          Try again
        </Button>
      </Alert>
    </div>
  );
}
