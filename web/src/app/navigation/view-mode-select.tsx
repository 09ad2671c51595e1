import { useId } from 'react';
import { VIEW_MODES, type ViewMode } from '#shared/roles';
import { VIEW_MODE_LABELS, useViewMode } from './view-mode.tsx';

/** The view selector; rendered only for roles with more than one view. Its accessible name is 'View mode'. */
export function ViewModeSelect({ showLabel = false }: { showLabel?: boolean }) {
  const { viewMode, allowedModes, canToggle, setViewMode } = useViewMode();
  const id = useId();
  if (!canToggle) return null;
  return (
    <div className={`view-mode${showLabel ? ' view-mode--labelled' : ''}`}>
      <label htmlFor={id} className={showLabel ? 'view-mode__label' : 'visually-hidden'}>
        View mode
      </label>
      {showLabel ? null : (
        <span className="view-mode__prefix" aria-hidden="true">
          View
        </span>
      )}
      <select id={id} className="view-mode__select" value={viewMode} onChange={(event) => setViewMode(event.target.value as ViewMode)}>
        {VIEW_MODES.filter((mode) => allowedModes.includes(mode)).map((mode) => (
          <option key={mode} value={mode}>
            {VIEW_MODE_LABELS[mode]}
          </option>
        ))}
      </select>
    </div>
  );
}
