import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import type { FilterDraft } from './event-filter-bar.tsx';
import { Popover } from './popover.tsx';

const loadPanel = () => import('./filters-panel.tsx');
const FiltersPanel = lazy(loadPanel);

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

/**
 * The Filters button and its panel (popover.tsx): dates, type, terrain, distance and rating. The panel's
 * fields are a chunk of their own (filters-panel.tsx), fetched as the pointer or focus reaches the button, so
 * they are there by the time it is pressed.
 */
export function FiltersPopover({ draft, onChange, onApply, onClear, activeCount, dateError, open, onOpenChange }: FiltersPopoverProps) {
  return (
    <Popover
      label="Filters"
      active={activeCount > 0}
      triggerLabel={activeCount > 0 ? `Filters, ${activeCount} active` : undefined}
      open={open}
      onOpenChange={onOpenChange}
      onTriggerIntent={() => void loadPanel()}
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
      <Suspense fallback={<Spinner />}>
        <FiltersPanel draft={draft} onChange={onChange} onApply={onApply} onClear={onClear} dateError={dateError} onOpenChange={onOpenChange} />
      </Suspense>
    </Popover>
  );
}
