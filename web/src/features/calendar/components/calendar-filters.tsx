import { DISTANCE_CATEGORIES, DISTANCE_LABELS, EVENT_TYPES, enumLabel } from '#shared/event-vocabulary';
import { eventsCalendarName, type RaceFeedFilters } from '#shared/race-calendar';
import { STATE_CODES, US_STATES, isStateCode } from '#shared/us-states';
import { Button } from '../../../components/button.tsx';
import { ChoiceField } from '../../../components/form-fields.tsx';
import { hasFilters } from '../api/calendar-params.ts';

const STATE_OPTIONS = [{ value: '', label: 'Any state' }, ...STATE_CODES.map((code) => ({ value: code, label: `${US_STATES[code]} (${code})` }))];
const TYPE_OPTIONS = [{ value: '', label: 'Any type' }, ...EVENT_TYPES.map((type) => ({ value: type, label: enumLabel(type) }))];
const DISTANCE_OPTIONS = [{ value: '', label: 'Any distance' }, ...DISTANCE_CATEGORIES.map((distance) => ({ value: distance, label: DISTANCE_LABELS[distance] }))];

/**
 * State, type and distance, as on /events: each applies at once. On a phone they fold under a 'Filters' line
 * naming those in effect, so the calendar is not three screens of selects down.
 */
export function CalendarFilters({ filters, onChange, folded }: { filters: RaceFeedFilters; onChange(filters: RaceFeedFilters): void; folded?: boolean }) {
  const set = (patch: Partial<Record<keyof RaceFeedFilters, string>>) => {
    const next: Record<string, string | undefined> = { ...filters, ...patch };
    onChange({
      ...(next.state && isStateCode(next.state) ? { state: next.state } : {}),
      ...(next.type ? { type: next.type as RaceFeedFilters['type'] } : {}),
      ...(next.distance ? { distance: next.distance as RaceFeedFilters['distance'] } : {}),
    });
  };
  const fields = (
    <div className="calendar-filters" role="group" aria-label="Filters">
      <ChoiceField label="State" value={filters.state ?? ''} onChange={(state) => set({ state })} options={STATE_OPTIONS} />
      <ChoiceField label="Type" value={filters.type ?? ''} onChange={(type) => set({ type })} options={TYPE_OPTIONS} />
      <ChoiceField label="Distance" value={filters.distance ?? ''} onChange={(distance) => set({ distance })} options={DISTANCE_OPTIONS} />
      {hasFilters(filters) ? (
        <Button className="calendar-filters__clear" onClick={() => onChange({})}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
  if (!folded) return fields;
  return (
    <details className="calendar-filters-fold">
      <summary className="calendar-filters-fold__summary">
        Filters{hasFilters(filters) ? `: ${eventsCalendarName(filters).replace(/^RaceFinder races: /, '')}` : ''}
      </summary>
      {fields}
    </details>
  );
}
