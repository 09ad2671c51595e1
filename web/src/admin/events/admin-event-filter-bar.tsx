/**
 * The filters of the admin events table (spec 001): text on title or city (sent after a pause in typing),
 * Verified, Featured, event type, state, start and end date, and 'needs review' for events an import flagged.
 */
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { EVENT_TYPES, enumLabel } from '#shared/event-vocabulary';
import { US_STATES } from '#shared/us-states';
import { hasFilters, NO_FILTERS, type AdminEventFilters, type Tristate } from './admin-event-filters.ts';

const option = (value: string, label: string): SelectProps.Option => ({ value, label });
const VERIFIED_OPTIONS = [option('all', 'All'), option('yes', 'Verified'), option('no', 'Unverified')];
const FEATURED_OPTIONS = [option('all', 'All'), option('yes', 'Featured'), option('no', 'Not Featured')];
const TYPE_OPTIONS = [option('', 'All types'), ...EVENT_TYPES.map((type) => option(type, enumLabel(type)))];
const STATE_OPTIONS = [option('', 'All states'), ...Object.entries(US_STATES).map(([code, name]) => option(code, `${code} – ${name}`))];

const datePickerStrings = (which: string) => ({
  openCalendarAriaLabel: (selected: string | null) => `Choose ${which} date${selected ? `, selected date is ${selected}` : ''}`,
  todayAriaLabel: 'Today',
  nextMonthAriaLabel: 'Next month',
  previousMonthAriaLabel: 'Previous month',
});

const pick = (options: SelectProps.Option[], value: string) => options.find((candidate) => candidate.value === value) ?? options[0]!;

export interface FilterBarProps {
  readonly filters: AdminEventFilters;
  readonly onChange: (filters: AdminEventFilters) => void;
  readonly dateError?: string;
}

export function AdminEventFilterBar({ filters, onChange, dateError }: FilterBarProps) {
  // The text is typed here and sent when typing pauses (TextFilter's delayed change), not on every key.
  const [text, setText] = useState(filters.q);
  // When the filters change from elsewhere (Clear filters, the URL), the box shows them.
  const [shown, setShown] = useState(filters.q);
  if (shown !== filters.q) {
    setShown(filters.q);
    setText(filters.q);
  }
  const set = (changes: Partial<AdminEventFilters>) => onChange({ ...filters, ...changes });

  return (
    <SpaceBetween size="s">
      <TextFilter
        filteringText={text}
        filteringPlaceholder="Search by title or city"
        filteringAriaLabel="Search events by title or city"
        filteringClearAriaLabel="Clear search"
        onChange={({ detail }) => setText(detail.filteringText)}
        onDelayedChange={({ detail }) => set({ q: detail.filteringText })}
      />
      <SpaceBetween size="s" direction="horizontal" alignItems="end">
        <FormField label="Verification">
          <Select
            selectedOption={pick(VERIFIED_OPTIONS, filters.verified)}
            options={VERIFIED_OPTIONS}
            onChange={({ detail }) => set({ verified: detail.selectedOption.value as Tristate })}
          />
        </FormField>
        <FormField label="Featured">
          <Select
            selectedOption={pick(FEATURED_OPTIONS, filters.featured)}
            options={FEATURED_OPTIONS}
            onChange={({ detail }) => set({ featured: detail.selectedOption.value as Tristate })}
          />
        </FormField>
        <FormField label="Event type">
          <Select
            selectedOption={pick(TYPE_OPTIONS, filters.type)}
            options={TYPE_OPTIONS}
            onChange={({ detail }) => set({ type: (detail.selectedOption.value ?? '') as AdminEventFilters['type'] })}
          />
        </FormField>
        <FormField label="State">
          <Select
            selectedOption={pick(STATE_OPTIONS, filters.state)}
            options={STATE_OPTIONS}
            filteringType="auto"
            filteringAriaLabel="Find a state"
            onChange={({ detail }) => set({ state: detail.selectedOption.value ?? '' })}
          />
        </FormField>
        <FormField label="Start date">
          <DatePicker
            value={filters.from}
            placeholder="YYYY/MM/DD"
            i18nStrings={datePickerStrings('start')}
            onChange={({ detail }) => set({ from: detail.value })}
          />
        </FormField>
        <FormField label="End date" errorText={dateError}>
          <DatePicker
            value={filters.to}
            placeholder="YYYY/MM/DD"
            i18nStrings={datePickerStrings('end')}
            onChange={({ detail }) => set({ to: detail.value })}
          />
        </FormField>
        <Checkbox checked={filters.needsReview} onChange={({ detail }) => set({ needsReview: detail.checked })}>
          Needs review
        </Checkbox>
        {hasFilters(filters) && <Button onClick={() => onChange(NO_FILTERS)}>Clear filters</Button>}
      </SpaceBetween>
    </SpaceBetween>
  );
}
