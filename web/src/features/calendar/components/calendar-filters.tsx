import { DISTANCE_CATEGORIES, DISTANCE_LABELS, EVENT_TYPES, enumLabel } from '#shared/event-vocabulary';
import type { RaceFeedFilters } from '#shared/race-calendar';
import { STATE_CODES, US_STATES, isStateCode } from '#shared/us-states';
import { Button } from '../../../components/button.tsx';
import { ChoiceField } from '../../../components/form-fields.tsx';
import { hasFilters } from '../api/calendar-params.ts';

const STATE_OPTIONS = [{ value: '', label: 'Any state' }, ...STATE_CODES.map((code) => ({ value: code, label: `${US_STATES[code]} (${code})` }))];
const TYPE_OPTIONS = [{ value: '', label: 'Any type' }, ...EVENT_TYPES.map((type) => ({ value: type, label: enumLabel(type) }))];
const DISTANCE_OPTIONS = [{ value: '', label: 'Any distance' }, ...DISTANCE_CATEGORIES.map((distance) => ({ value: distance, label: DISTANCE_LABELS[distance] }))];

/** State, type and distance, as on /events: each applies at once. */
export function CalendarFilters({ filters, onChange }: { filters: RaceFeedFilters; onChange(filters: RaceFeedFilters): void }) {
  const set = (patch: Partial<Record<keyof RaceFeedFilters, string>>) => {
    const next: Record<string, string | undefined> = { ...filters, ...patch };
    onChange({
      ...(next.state && isStateCode(next.state) ? { state: next.state } : {}),
      ...(next.type ? { type: next.type as RaceFeedFilters['type'] } : {}),
      ...(next.distance ? { distance: next.distance as RaceFeedFilters['distance'] } : {}),
    });
  };
  return (
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
}
