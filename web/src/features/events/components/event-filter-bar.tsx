import { lazy, Suspense, useId, useState, type FormEvent, type Ref } from 'react';
import { STATE_CODES, US_STATES } from '#shared/us-states';
import { Button } from '../../../components/button.tsx';
// The inputs use the shared field styles; imported here too, not only by the auth page's chunk.
import '../../../components/field.css';
import { PinIcon, SearchIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FILTER_KEYS, POPOVER_FILTER_KEYS, cleanFilters, countActive, filtersToSearchParams, type EventFilters, type FilterKey } from '../api/event-filters.ts';
import { FiltersPopover } from './filters-popover.tsx';
import { Popover } from './popover.tsx';

const NearPanel = lazy(() => import('../near-ui.ts').then((module) => ({ default: module.NearPanel })));

/** What the controls hold before it is applied: every field as the string its input shows ('' = any). */
export type FilterDraft = Record<FilterKey, string>;

/** Every filter of the URL vocabulary (FILTER_KEYS), so a new filter has its field in the draft without a word here. */
function toDraft(filters: EventFilters): FilterDraft {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key] ?? ''])) as FilterDraft;
}

const DATE_ORDER_ERROR = 'The end date must be on or after the start date.';

export interface EventFilterBarProps {
  /** The filters in effect (from the URL). */
  filters: EventFilters;
  onApply(filters: EventFilters): void;
  searchInputRef?: Ref<HTMLInputElement>;
}

/**
 * Text (Enter or Search applies it), State (applies at once), the Filters popover and the Near me panel (a
 * radius search; its form loads with the panel). The controls hold a
 * draft so typing does not search on every key; when the applied filters change elsewhere (a chip removed,
 * Back), the draft follows them.
 */
export function EventFilterBar({ filters, onApply, searchInputRef }: EventFilterBarProps) {
  const id = useId();
  const appliedKey = filtersToSearchParams(filters).toString();
  const [draft, setDraft] = useState(() => toDraft(filters));
  const [syncedKey, setSyncedKey] = useState(appliedKey);
  const [popoverOpen, setPopoverOpen] = useState(false);
  const [nearOpen, setNearOpen] = useState(false);
  const [showDateError, setShowDateError] = useState(false);
  if (syncedKey !== appliedKey) {
    // Adjusting state while rendering (React's documented pattern) avoids a frame showing stale controls.
    setSyncedKey(appliedKey);
    setDraft(toDraft(filters));
    setShowDateError(false);
  }

  const datesReversed = Boolean(draft.from && draft.to && draft.from > draft.to);

  function apply(next: FilterDraft): boolean {
    if (next.from && next.to && next.from > next.to) {
      setShowDateError(true);
      setPopoverOpen(true);
      return false;
    }
    setShowDateError(false);
    onApply(cleanFilters(next));
    return true;
  }

  function update(patch: Partial<FilterDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (apply(draft)) setPopoverOpen(false);
  }

  return (
    // The text box's form holds it alone: the Near me panel has a form of its own, which may not sit inside
    // another; the Search button submits the text's form from outside it (form=).
    <div className="event-filter-bar" role="search" aria-label="Search events">
      <form id={`${id}-form`} className="event-filter-bar__text" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          Search events
        </label>
        <SearchIcon size={18} />
        <input
          ref={searchInputRef}
          id={`${id}-q`}
          type="search"
          enterKeyHint="search"
          placeholder="Search races, cities, distances…"
          maxLength={100}
          value={draft.q}
          onChange={(event) => update({ q: event.target.value })}
        />
      </form>
      <div className="event-filter-bar__state">
        <label className="visually-hidden" htmlFor={`${id}-state`}>
          State
        </label>
        <select
          id={`${id}-state`}
          className="field__input"
          value={draft.state || 'all'}
          onChange={(event) => {
            const state = event.target.value === 'all' ? '' : event.target.value;
            const next = { ...draft, state };
            setDraft(next);
            apply(next);
          }}
        >
          <option value="all">Any State</option>
          {STATE_CODES.map((code) => (
            <option key={code} value={code}>
              {US_STATES[code]} ({code})
            </option>
          ))}
        </select>
      </div>
      <FiltersPopover
        draft={draft}
        onChange={(patch) => {
          update(patch);
          setShowDateError(false);
        }}
        onApply={() => apply(draft)}
        onClear={() => {
          // The popover's own filters, as its badge counts them; the text, state and place stay.
          const next = { ...draft, ...Object.fromEntries(POPOVER_FILTER_KEYS.map((key) => [key, ''])) };
          setDraft(next);
          apply(next);
        }}
        activeCount={countActive(filters, POPOVER_FILTER_KEYS)}
        dateError={showDateError || datesReversed ? DATE_ORDER_ERROR : undefined}
        open={popoverOpen}
        onOpenChange={setPopoverOpen}
      />
      <Popover
        label="Near me"
        active={Boolean(filters.near)}
        open={nearOpen}
        onOpenChange={setNearOpen}
        trigger={
          <>
            <PinIcon size={18} />
            Near me
          </>
        }
      >
        <Suspense fallback={<Spinner />}>
          <NearPanel
            near={filters.near}
            radius={filters.radius}
            onApply={(near, radius) => {
              if (apply({ ...draft, near, radius })) setNearOpen(false);
            }}
            onRemove={
              filters.near
                ? () => {
                    if (apply({ ...draft, near: '', radius: '' })) setNearOpen(false);
                  }
                : undefined
            }
          />
        </Suspense>
      </Popover>
      <Button type="submit" form={`${id}-form`} variant="primary" className="event-filter-bar__submit">
        Search
      </Button>
    </div>
  );
}
