/**
 * The Filters panel's fields (dates, type, terrain, distance, rating, elevation, and the order of the results) and its
 * Clear and Apply buttons: a chunk
 * of its own, fetched when the pointer or focus reaches the Filters button (filters-popover.tsx), so the
 * first load of /events and of the home page does not carry it.
 */
import { useId } from 'react';
import { DISTANCE_CATEGORIES, DISTANCE_LABELS, enumLabel, EVENT_TYPES, RATING_FILTERS, TERRAIN_TYPES } from '#shared/event-vocabulary';
import { ELEVATION_CLASSES, ELEVATION_CLASS_LABELS, elevationBoundsLabel, type ElevationClass } from '#shared/course-elevation';
import { Button } from '../../../components/button.tsx';
import { ratingLabel } from '../api/event-filters.ts';
import type { FiltersPopoverProps } from './filters-popover.tsx';
// The inputs use the shared field styles, which this chunk loads with itself.
import '../../../components/field.css';

export type FiltersPanelProps = Pick<FiltersPopoverProps, 'draft' | 'onChange' | 'onApply' | 'onClear' | 'dateError' | 'onOpenChange'>;

/** The class and its bounds per km, as shared/course-elevation.ts defines them: 'Rolling (5–12 m)'. */
const elevationOptionLabel = (elevation: ElevationClass) => `${ELEVATION_CLASS_LABELS[elevation]} (${elevationBoundsLabel(elevation)})`;

export default function FiltersPanel({ draft, onChange, onApply, onClear, dateError, onOpenChange }: FiltersPanelProps) {
  const id = useId();
  return (
    <>
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
            // The panel's fields arrive after it opens (this chunk), so the first one takes the focus itself.
            autoFocus
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
        <div className="field">
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
        <div className="field">
          <label className="field__label" htmlFor={`${id}-rating`}>
            Rating
          </label>
          <select id={`${id}-rating`} className="field__input" value={draft.rating} onChange={(event) => onChange({ rating: event.target.value })}>
            <option value="">Any rating</option>
            {RATING_FILTERS.map((rating) => (
              <option key={rating} value={rating}>
                {ratingLabel(rating)}
              </option>
            ))}
          </select>
        </div>
        {/* The whole row: its choices name their bounds, and its hint says which races have a class at all. */}
        <div className="field" style={{ gridColumn: '1 / -1' }}>
          <label className="field__label" htmlFor={`${id}-elevation`}>
            Elevation
          </label>
          <select
            id={`${id}-elevation`}
            className="field__input"
            value={draft.elevation}
            aria-describedby={`${id}-elevation-hint`}
            onChange={(event) => onChange({ elevation: event.target.value })}
          >
            <option value="">Any elevation</option>
            {ELEVATION_CLASSES.map((elevation) => (
              <option key={elevation} value={elevation}>
                {elevationOptionLabel(elevation)}
              </option>
            ))}
          </select>
          <p id={`${id}-elevation-hint`} className="field__hint">
            Metres of climb per km of the course; only races whose organizer uploaded one.
          </p>
        </div>
        {/* The order of the results: by distance with a place to measure from (Near me), else by price (a radius search is not read in price order). */}
        <div className="field" style={{ gridColumn: '1 / -1' }}>
          <label className="field__label" htmlFor={`${id}-sort`}>
            Sort by
          </label>
          <select id={`${id}-sort`} className="field__input" value={draft.sort} onChange={(event) => onChange({ sort: event.target.value })}>
            <option value="">Date</option>
            {draft.near ? <option value="distance">Distance: nearest first</option> : <option value="price">Price: lowest first</option>}
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
    </>
  );
}
