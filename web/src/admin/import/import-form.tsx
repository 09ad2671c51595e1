/**
 * The RunSignup import form of /admin/import (spec 001): mode, target state, date range, max events and
 * auto-verify, the sentence saying what will happen, and the start button. The server checks the options
 * again (zod) and refuses a second job while one runs (409); the page shows either outcome in its Flashbar.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tiles from '@cloudscape-design/components/tiles';
import Toggle from '@cloudscape-design/components/toggle';
import { useMemo, useState, type FormEvent } from 'react';
import { todayInNewYork } from '#shared/dates';
import type { ImportJob } from '#shared/schemas/import-job';
import { IMPORT_LIMITS, IMPORT_LIMIT_DEFAULT } from '#shared/schemas/import-job';
import { STATE_CODES, US_STATES, isStateCode } from '#shared/us-states';
import { DEFAULT_DATE_PRESET, datePresets, formatRange, isIsoDate, type DatePresetId } from './date-presets.ts';
import { MODE_LABELS, limitText, summarySentence, type ImportChoices, type ImportMode } from './import-summary.ts';
import { useStartImport } from './use-import-jobs.ts';

const ALL_STATES = '';
const STATE_OPTIONS: SelectProps.Option[] = [
  { value: ALL_STATES, label: 'All states' },
  ...STATE_CODES.map((code) => ({ value: code, label: US_STATES[code], description: code })),
];
const LIMIT_OPTIONS: SelectProps.Option[] = IMPORT_LIMITS.map((limit) => ({ value: String(limit), label: limitText(limit) }));

const MODE_TILES = [
  {
    value: 'quick',
    label: MODE_LABELS.quick,
    description: 'Reads races until the max events is reached, then stops. Creates and updates events; flags nothing, since it cannot tell a race that left RunSignup from one it did not reach.',
  },
  {
    value: 'full',
    label: MODE_LABELS.full,
    description: 'Reads every page of the chosen state and dates, and flags for review the events from RunSignup in that range that it no longer lists (or lists as cancelled). Slower.',
  },
];

const DATE_PICKER_LABELS = {
  openCalendarAriaLabel: (selected: string | null) => (selected ? `Choose date, selected date is ${selected}` : 'Choose date'),
  previousMonthAriaLabel: 'Previous month',
  nextMonthAriaLabel: 'Next month',
  todayAriaLabel: 'Today',
};

export interface ImportFormProps {
  onStarted(job: ImportJob, choices: ImportChoices): void;
  onFailed(error: unknown): void;
  /** Today in the product's calendar; tests pass a fixed day. */
  today?: string;
}

export function ImportForm({ onStarted, onFailed, today = todayInNewYork() }: ImportFormProps) {
  const presets = useMemo(() => datePresets(today), [today]);
  const [mode, setMode] = useState<ImportMode>('quick');
  const [state, setState] = useState(ALL_STATES);
  const [presetId, setPresetId] = useState<DatePresetId>(DEFAULT_DATE_PRESET);
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');
  const [limit, setLimit] = useState(IMPORT_LIMIT_DEFAULT);
  const [autoVerify, setAutoVerify] = useState(true);
  const [showErrors, setShowErrors] = useState(false);
  const start = useStartImport();

  const preset = presets.find((item) => item.id === presetId) ?? presets[0]!;
  const custom = preset.id === 'custom';
  const from = custom ? customFrom : preset.from;
  const to = custom ? customTo : preset.to;
  const fromError = custom && !isIsoDate(customFrom) ? 'Choose the first race date' : '';
  const toError = custom && !isIsoDate(customTo) ? 'Choose the last race date' : custom && customTo < customFrom ? 'The end date must be on or after the start date' : '';
  const valid = !fromError && !toError;

  const choices: ImportChoices = { mode, state: isStateCode(state) ? state : undefined, from, to, limit, autoVerify };
  const presetOptions: SelectProps.Option[] = presets.map((item) => ({
    value: item.id,
    label: item.label,
    description: item.id === 'custom' ? 'Pick both dates' : formatRange(item.from, item.to),
  }));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (start.isPending) return;
    if (!valid) {
      setShowErrors(true);
      return;
    }
    const options = { from, to, limit, autoVerify, mode, ...(choices.state ? { state: choices.state } : {}) };
    start.mutate({ source: 'runsignup', options }, { onSuccess: (job) => onStarted(job, choices), onError: onFailed });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={start.isPending} loadingText="Starting Import...">
            {start.isPending ? 'Starting Import...' : 'Start Import'}
          </Button>
        }
      >
        <Container header={<Header variant="h2" description="Races from RunSignup's public race search, normalized and de-duplicated by race id.">RunSignup import</Header>}>
          <SpaceBetween size="l">
            <FormField label="Sync mode" stretch>
              <Tiles items={MODE_TILES} value={mode} onChange={({ detail }) => setMode(detail.value as ImportMode)} columns={2} ariaLabel="Sync mode" />
            </FormField>
            <ColumnLayout columns={2}>
              <FormField label="Target state">
                <Select
                  selectedOption={STATE_OPTIONS.find((option) => option.value === state) ?? STATE_OPTIONS[0]!}
                  options={STATE_OPTIONS}
                  onChange={({ detail }) => setState(detail.selectedOption.value ?? ALL_STATES)}
                  filteringType="auto"
                  filteringAriaLabel="Find a state"
                  filteringPlaceholder="Find a state"
                  ariaLabel="Target state"
                />
              </FormField>
              <FormField label="Max events" description="Races imported at most in this run.">
                <Select
                  selectedOption={LIMIT_OPTIONS.find((option) => option.value === String(limit)) ?? LIMIT_OPTIONS[1]!}
                  options={LIMIT_OPTIONS}
                  onChange={({ detail }) => setLimit(Number(detail.selectedOption.value))}
                  ariaLabel="Max events"
                />
              </FormField>
              <FormField label="Date range" description="Races on these dates (inclusive).">
                <Select
                  selectedOption={presetOptions.find((option) => option.value === presetId) ?? presetOptions[0]!}
                  options={presetOptions}
                  onChange={({ detail }) => setPresetId(detail.selectedOption.value as DatePresetId)}
                  ariaLabel="Date range"
                />
              </FormField>
              <FormField label="Auto-verify" description="Verified events show in public search at once.">
                <Toggle checked={autoVerify} onChange={({ detail }) => setAutoVerify(detail.checked)}>
                  Verify imported events automatically
                </Toggle>
              </FormField>
            </ColumnLayout>
            {custom && (
              <ColumnLayout columns={2}>
                <FormField label="From" errorText={showErrors ? fromError : undefined}>
                  <DatePicker value={customFrom} onChange={({ detail }) => setCustomFrom(detail.value)} placeholder="YYYY/MM/DD" {...DATE_PICKER_LABELS} />
                </FormField>
                <FormField label="To" errorText={showErrors ? toError : undefined}>
                  <DatePicker
                    value={customTo}
                    onChange={({ detail }) => setCustomTo(detail.value)}
                    placeholder="YYYY/MM/DD"
                    {...DATE_PICKER_LABELS}
                  />
                </FormField>
              </ColumnLayout>
            )}
            <Box variant="p">
              {valid ? summarySentence(choices) : 'Choose both dates of the custom range to see what this import will do.'}
            </Box>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
