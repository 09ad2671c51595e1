import { useEffect, useRef, type RefObject } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { filterChips, type EventFilters, type FilterKey } from '../api/event-filters.ts';

export interface ActiveFilterChipsProps {
  filters: EventFilters;
  onRemove(key: FilterKey): void;
  onClearAll(): void;
  /** Where focus goes when the last chip is removed (the search box). */
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/**
 * A removable chip per filter in effect, and Clear all. A removed chip takes keyboard focus with it, so focus
 * moves to the next chip, or to the search box when none is left.
 */
export function ActiveFilterChips({ filters, onRemove, onClearAll, fallbackFocusRef }: ActiveFilterChipsProps) {
  const chips = filterChips(filters);
  const listRef = useRef<HTMLUListElement>(null);
  // The chip whose removal is on its way (the URL updates after the click), and its position.
  const refocus = useRef<{ index: number; key: FilterKey | 'all' } | null>(null);

  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    const gone = pending.key === 'all' ? chips.length === 0 : !chips.some((chip) => chip.key === pending.key);
    if (!gone) return;
    refocus.current = null;
    const index = pending.index;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const target = buttons[Math.min(index, buttons.length - 1)];
    if (target) target.focus();
    else fallbackFocusRef.current?.focus();
  });

  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label="Active filters">
      <span className="filter-chips__label" aria-hidden="true">
        Active filters
      </span>
      <ul className="filter-chips__list" ref={listRef}>
        {chips.map((chip, index) => (
          <li key={chip.key} className="filter-chip">
            <span>{chip.label}</span>
            <button
              type="button"
              className="filter-chip__remove"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => {
                refocus.current = { index, key: chip.key };
                onRemove(chip.key);
              }}
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="filter-chips__clear"
        onClick={() => {
          refocus.current = { index: 0, key: 'all' };
          onClearAll();
        }}
      >
        Clear all
      </button>
    </div>
  );
}
