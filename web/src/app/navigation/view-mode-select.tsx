import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { VIEW_MODES, type ViewMode } from '#shared/roles';
import { VIEW_HOMES } from './nav-model.ts';
import { VIEW_MODE_LABELS, useViewMode } from './view-mode.tsx';

/**
 * The one switch between a user's views (athlete, organizer, super admin); rendered only for roles with more than
 * one. Choosing a view opens its dashboard, so the switch visibly lands somewhere. Accessible name 'View mode'.
 */
export default function ViewModeSelect({ showLabel = false }: { showLabel?: boolean }) {
  const { viewMode, allowedModes, canToggle, setViewMode } = useViewMode();
  const navigate = useNavigate();
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
      <select
        id={id}
        className="view-mode__select"
        value={viewMode}
        onChange={(event) => {
          const mode = event.target.value as ViewMode;
          if (setViewMode(mode)) navigate(VIEW_HOMES[mode].to);
        }}
      >
        {VIEW_MODES.filter((mode) => allowedModes.includes(mode)).map((mode) => (
          <option key={mode} value={mode}>
            {VIEW_MODE_LABELS[mode]}
          </option>
        ))}
      </select>
    </div>
  );
}
