import { useId } from 'react';
import { DISTANCE_CATEGORIES, DISTANCE_LABELS, enumLabel, EVENT_TYPES, TERRAIN_TYPES } from '#shared/event-vocabulary';
import { Button } from '../../../components/button.tsx';
// The inputs use the shared field styles; imported here too, not only by the auth page's chunk.
import '../../../components/field.css';
import type { FilterDraft } from './event-filter-bar.tsx';
import { Popover } from './popover.tsx';

export interface FiltersPopoverProps {
  draft: FilterDraft;
  onChange(patch: Partial<FilterDraft>): void;
  /** Applies the draft; returns false when it cannot be applied (the dates are the wrong way round). */
  onApply(): boolean;
  /** Empties the popover's fields and applies that. */
  onClear(): void;
  /** Active popover filters (of the applied search), shown as a badge on the button. */
  activeCount: number;
  dateError?: string;
  /** Opened by the parent when a search cannot run until something here is fixed. */
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The Filters button and its panel (popover.tsx): dates, type, terrain and distance. */
export function FiltersPopover({ draft, onChange, onApply, onClear, activeCount, dateError, open, onOpenChange }: FiltersPopoverProps) {
  const id = useId();
  return (
    <Popover
      label="Filters"
      active={activeCount > 0}
      triggerLabel={activeCount > 0 ? `Filters, ${activeCount} active` : undefined}
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <>
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
            <path d="M4 6h16M7 12h10M10 18h4" />
          </svg>
          Filters
          {activeCount > 0 ? (
            <span className="filter-badge" data-testid="filter-badge" aria-hidden="true">
              {activeCount}
            </span>
          ) : null}
        </>
      }
    >
      <div className="filters-popover__grid">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-from`}>
            From
          </label>
          <input
            id={`${id}-from`}
            className="field__input"
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-to`}>
            To
          </label>
          <input
            id={`${id}-to`}
            className="field__input"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </div>
        {dateError ? (
          <p id={`${id}-date-error`} className="field__error filters-popover__error">
            {dateError}
          </p>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-type`}>
            Event type
          </label>
          <select id={`${id}-type`} className="field__input" value={draft.type} onChange={(event) => onChange({ type: event.target.value })}>
            <option value="">Any type</option>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {enumLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-terrain`}>
            Terrain
          </label>
          <select id={`${id}-terrain`} className="field__input" value={draft.terrain} onChange={(event) => onChange({ terrain: event.target.value })}>
            <option value="">Any terrain</option>
            {TERRAIN_TYPES.map((terrain) => (
              <option key={terrain} value={terrain}>
                {enumLabel(terrain)}
              </option>
            ))}
          </select>
        </div>
        <div className="field filters-popover__wide">
          <label className="field__label" htmlFor={`${id}-distance`}>
            Distance
          </label>
          <select id={`${id}-distance`} className="field__input" value={draft.distance} onChange={(event) => onChange({ distance: event.target.value })}>
            <option value="">Any distance</option>
            {DISTANCE_CATEGORIES.map((distance) => (
              <option key={distance} value={distance}>
                {DISTANCE_LABELS[distance]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="filters-popover__footer">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            onClear();
            onOpenChange(false);
          }}
        >
          Clear
        </Button>
        <Button
          variant="primary"
          size="sm"
          onClick={() => {
            if (onApply()) onOpenChange(false);
          }}
        >
          Apply filters
        </Button>
      </div>
    </Popover>
  );
}
