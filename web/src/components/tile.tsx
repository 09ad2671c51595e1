import type { ReactNode } from 'react';
import './dashboard-parts.css';

/** One figure of a dashboard's summary row: '–' while it is not known. */
export function Tile({ icon, label, value, note }: { icon: ReactNode; label: string; value: number | undefined; note?: string }) {
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
