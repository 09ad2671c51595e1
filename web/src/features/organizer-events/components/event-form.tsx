/**
 * The event form of /create-event and /events/{id}/edit (spec 001 'Create event'): Basic Information (and, when
 * editing, the race's status: shared/event-status.ts), Location Information (with a 'virtual event' checkbox
 * when creating), Registration & Pricing (with Sold out), the review notice, and the two buttons. The body is
 * checked with the server's own schema before it is sent (and the date against today); the server's field errors
 * land beside their fields; nothing typed is lost on an error.
 */
import { useId, useState, type FormEvent } from 'react';
import { todayInNewYork } from '#shared/dates';
import { CHARITY_TAG, EVENT_TYPES, TERRAIN_TYPES, enumLabel } from '#shared/event-vocabulary';
import { EVENT_STATUS_CHOICES, lacksPreviousDate, RESCHEDULE_NEEDS_DATE, type EventStatus, type StatusFacts } from '#shared/event-status';
import { NewOrganizerEventSchema, ORGANIZER_TAGS, OrganizerEventFieldsSchema, type NewOrganizerEvent } from '#shared/schemas/organizer-event';
import type { RaceEvent } from '#shared/schemas/event';
import { STATE_CODES, US_STATES, isStateCode } from '#shared/us-states';
import { SPLIT_STATE_ZONES, stateTimeZones } from '#shared/race-time-zones';
import { timeZoneName } from '#shared/race-start-format';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ChoiceField, TextAreaField } from '../../../components/form-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { PriceTiersField, type TierDraft } from './price-tiers-field.tsx';
import '../../../components/form-page.css';

/** What the form holds: text as typed (numbers and distances too), turned into the body on submit. */
export interface EventDraft {
  title: string;
  description: string;
  eventType: string;
  terrainType: string;
  eventDate: string;
  /** HH:MM from the time field, '' when not given. */
  startTime: string;
  /** The zone chosen for a state split between zones, '' for the state's usual one (raceZoneOf). */
  timeZone: string;
  distances: string;
  locationName: string;
  city: string;
  state: string;
  zipCode: string;
  registrationUrl: string;
  websiteUrl: string;
  registrationFee: string;
  /** Prices with deadlines, when the race sells in tiers (then registrationFee is not sent). */
  priceTiers: TierDraft[];
  maxParticipants: string;
  registrationEndDate: string;
  /** The "Charity race" box: the event's charity tag. */
  charity: boolean;
  /** 'scheduled' is sent as no status at all. */
  status: EventStatus;
  soldOut: boolean;
}

export const EMPTY_DRAFT: EventDraft = {
  title: '', description: '', eventType: '', terrainType: '', eventDate: '', startTime: '', timeZone: '', distances: '', locationName: '', city: '', state: '',
  zipCode: '', registrationUrl: '', websiteUrl: '', registrationFee: '', priceTiers: [], maxParticipants: '', registrationEndDate: '', charity: false, status: 'scheduled', soldOut: false,
};

/** The tags of an event the form holds: those an organizer may set (ORGANIZER_TAGS), as the server spells them. */
export function ownerTagsOf(tags: readonly string[]): string[] {
  const lower = new Set(tags.map((tag) => tag.trim().toLowerCase()));
  return ORGANIZER_TAGS.filter((tag) => lower.has(tag));
}

export function draftOf(event: RaceEvent): EventDraft {
  return {
    title: event.title,
    description: event.description ?? '',
    eventType: event.eventType,
    terrainType: event.terrainType,
    eventDate: event.eventDate,
    startTime: event.startTime ?? '',
    timeZone: event.timeZone ?? '',
    distances: event.distances.join(', '),
    locationName: event.locationName,
    city: event.city,
    state: event.state,
    zipCode: event.zipCode ?? '',
    registrationUrl: event.registrationUrl ?? '',
    websiteUrl: event.websiteUrl ?? '',
    registrationFee: event.priceTiers || event.registrationFee === undefined ? '' : String(event.registrationFee),
    priceTiers: (event.priceTiers ?? []).map((tier) => ({ fee: String(tier.fee), until: tier.until ?? '' })),
    maxParticipants: event.maxParticipants === undefined ? '' : String(event.maxParticipants),
    registrationEndDate: event.registrationEndDate ?? '',
    charity: ownerTagsOf(event.tags).includes(CHARITY_TAG),
    status: event.status ?? 'scheduled',
    soldOut: event.soldOut === true,
  };
}

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The body the draft stands for (the distances split on commas), before validation. */
export function bodyOf(draft: EventDraft): Record<string, unknown> {
  return {
    title: draft.title,
    description: draft.description,
    eventType: draft.eventType || undefined,
    terrainType: draft.terrainType || undefined,
    eventDate: draft.eventDate,
    startTime: optional(draft.startTime),
    timeZone: draft.startTime ? raceZoneOf(draft) : undefined,
    distances: draft.distances.split(',').map((part) => part.trim()).filter(Boolean),
    locationName: draft.locationName,
    city: draft.city,
    state: draft.state || undefined,
    zipCode: draft.zipCode,
    registrationUrl: optional(draft.registrationUrl),
    websiteUrl: optional(draft.websiteUrl),
    ...(draft.priceTiers.length > 1
      ? { priceTiers: draft.priceTiers.map((tier) => ({ fee: number(tier.fee), until: optional(tier.until) })) }
      : { registrationFee: number(draft.registrationFee) }),
    maxParticipants: number(draft.maxParticipants),
    registrationEndDate: optional(draft.registrationEndDate),
    tags: draft.charity ? [CHARITY_TAG] : [],
    status: draft.status === 'scheduled' ? undefined : draft.status,
    soldOut: draft.soldOut || undefined,
  };
}

/** The zone the start time is read on: the one chosen when the state has it, else the state's usual one. */
export function raceZoneOf(draft: Pick<EventDraft, 'state' | 'timeZone'>): string | undefined {
  const zones = stateTimeZones(draft.state);
  return zones.includes(draft.timeZone) ? draft.timeZone : zones[0];
}

/** The start time's hint: the clock it is read on ('Local time at the race: Mountain Time.'). */
function startTimeHint(draft: EventDraft): string {
  const zone = raceZoneOf(draft);
  return zone ? `Local time at the race: ${timeZoneName(zone)}.` : 'Local time at the race.';
}

/** A state split between zones asks which one the race is on, each named with where it is kept. */
function TimeZoneChoice({ draft, error, onChange }: { draft: EventDraft; error?: string; onChange(zone: string): void }) {
  const choices = isStateCode(draft.state) ? SPLIT_STATE_ZONES[draft.state] : undefined;
  if (!choices) return null;
  return (
    <ChoiceField
      label="Time Zone"
      hint={`${US_STATES[draft.state as keyof typeof US_STATES]} is split between time zones: choose the one the race starts in.`}
      value={raceZoneOf(draft) ?? ''}
      onChange={onChange}
      error={error}
      options={choices.map(({ zone, where }) => ({ value: zone, label: `${timeZoneName(zone)}: ${where}` }))}
    />
  );
}

/** An edited race's status, with what the chosen one means. */
function StatusChoice({ value, error, onChange }: { value: EventStatus; error?: string; onChange(status: EventStatus): void }) {
  return (
    <ChoiceField
      label="Race Status"
      required
      hint={EVENT_STATUS_CHOICES.find((choice) => choice.value === value)?.hint}
      value={value}
      onChange={(chosen) => onChange(chosen as EventStatus)}
      error={error}
      options={EVENT_STATUS_CHOICES.map(({ value: status, label }) => ({ value: status, label }))}
    />
  );
}

/** What a person is asked for a choice left empty (the schema's own words are for API callers). */
const CHOOSE: Readonly<Record<string, string>> = { eventType: 'Choose the event type', terrainType: 'Choose the terrain', state: 'Choose the state' };

/**
 * Field errors of a draft, by field name, from the server's schema and today's date; an edit (`stored`, the event
 * as it was) may give any status, and one marked rescheduled needs a new date.
 */
function problemsOf(draft: EventDraft, stored?: StatusFacts): { body?: NewOrganizerEvent; fields: Record<string, string> } {
  const parsed = (stored ? OrganizerEventFieldsSchema : NewOrganizerEventSchema).safeParse(bodyOf(draft));
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'form');
      fields[name] ??= CHOOSE[name] ?? (issue.message.startsWith('Invalid') ? 'Enter a valid value' : issue.message);
    }
  }
  // The schema's words for a blank price are an API caller's ("expected number").
  if (draft.priceTiers.some((tier) => tier.fee.trim() === '')) fields.priceTiers = 'Give a fee for every price';
  if (draft.eventDate && draft.eventDate <= todayInNewYork()) fields.eventDate = 'The event date must be in the future';
  else if (stored && lacksPreviousDate({ eventDate: draft.eventDate, status: draft.status }, stored)) fields.eventDate = RESCHEDULE_NEEDS_DATE;
  return Object.keys(fields).length === 0 && parsed.success ? { body: parsed.data, fields } : { fields };
}

export function EventForm({
  initial,
  submitLabel,
  busyLabel,
  cancelTo,
  stored,
  onSubmit,
}: {
  initial: EventDraft;
  /** The event being edited, as stored: the form then offers every status. Absent on /create-event. */
  stored?: StatusFacts;
  submitLabel: string;
  busyLabel: string;
  cancelTo: string;
  onSubmit(body: NewOrganizerEvent): Promise<void>;
}) {
  const [draft, setDraft] = useState(initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const virtualHint = useId();
  const charityHint = useId();
  const soldOutHint = useId();
  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const virtual = draft.status === 'virtual';

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const checked = problemsOf(draft, stored);
    setFields(checked.fields);
    if (!checked.body) {
      setProblem('Some fields need your attention: they are marked below.');
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onSubmit(checked.body);
    } catch (error) {
      // Everything typed stays; the server's words go beside the fields they are about.
      if (error instanceof ApiError && error.fields) {
        setFields(Object.fromEntries(Object.entries(error.fields).map(([path, messages]) => [path.replace(/^body\./, ''), messages[0] ?? 'Not valid'])));
      }
      setProblem(error instanceof ApiError && error.status < 500 ? error.message : 'The event could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form-page__form" onSubmit={submit} noValidate>
      {problem ? <Alert tone="error" title="Event not saved">{problem}</Alert> : null}
      <p className="form-page__notice">Every field is required unless it says optional.</p>
      <fieldset className="form-page__section">
        <legend>Basic Information</legend>
        <TextField label="Event Name" required value={draft.title} onChange={(e) => set('title', e.target.value)} error={fields.title} />
        <TextAreaField label="Description (optional)" hint="What runners should know: the course, the start time, what is included." value={draft.description} onChange={(value) => set('description', value)} error={fields.description} />
        <div className="form-page__row">
          <ChoiceField label="Event Type" required value={draft.eventType} onChange={(value) => set('eventType', value)} error={fields.eventType} options={EVENT_TYPES.map((type) => ({ value: type, label: enumLabel(type) }))} />
          <ChoiceField label="Terrain" required value={draft.terrainType} onChange={(value) => set('terrainType', value)} error={fields.terrainType} options={TERRAIN_TYPES.map((type) => ({ value: type, label: enumLabel(type) }))} />
        </div>
        {stored ? <StatusChoice value={draft.status} error={fields.status} onChange={(status) => set('status', status)} /> : null}
        <div className="form-page__row">
          <TextField label="Event Date" type="date" required min={todayInNewYork()} value={draft.eventDate} onChange={(e) => set('eventDate', e.target.value)} error={fields.eventDate} />
          <TextField label="Start Time (optional)" type="time" hint={startTimeHint(draft)} value={draft.startTime} onChange={(e) => set('startTime', e.target.value)} error={fields.startTime} />
        </div>
        <TextField label="Distances" required placeholder="5K, 10K, Half Marathon" hint="Separate distances with commas." value={draft.distances} onChange={(e) => set('distances', e.target.value)} error={fields.distances} />
        <label className="form-page__check">
          <input type="checkbox" checked={draft.charity} onChange={(e) => set('charity', e.target.checked)} aria-describedby={charityHint} />
          Charity race
        </label>
        <p id={charityHint} className="form-page__notice">
          Tick this if the race raises money for a cause: it is then also listed on Charity Races.
        </p>
      </fieldset>
      <fieldset className="form-page__section">
        <legend>Location Information</legend>
        {stored ? null : (
          <label className="form-page__check">
            <input type="checkbox" checked={virtual} onChange={(e) => set('status', e.target.checked ? 'virtual' : 'scheduled')} aria-describedby={virtual ? virtualHint : undefined} />
            This is a virtual event
          </label>
        )}
        {virtual ? (
          <p id={virtualHint} className="form-page__notice">
            Virtual events are listed where they are organized: give the organizer's city and state so runners nearby find it.
          </p>
        ) : null}
        <TextField label={virtual ? 'Organized from (venue or club name)' : 'Venue or Start Location'} required value={draft.locationName} onChange={(e) => set('locationName', e.target.value)} error={fields.locationName} />
        <div className="form-page__row">
          <TextField label="City" required value={draft.city} onChange={(e) => set('city', e.target.value)} error={fields.city} autoComplete="address-level2" />
          <ChoiceField label="State" required value={draft.state} onChange={(value) => set('state', value)} error={fields.state} options={STATE_CODES.map((code) => ({ value: code, label: US_STATES[code] }))} />
        </div>
        <TimeZoneChoice draft={draft} error={fields.timeZone} onChange={(zone) => set('timeZone', zone)} />
        <TextField label="Zip Code (optional)" inputMode="numeric" value={draft.zipCode} onChange={(e) => set('zipCode', e.target.value)} error={fields.zipCode} autoComplete="postal-code" />
      </fieldset>
      <fieldset className="form-page__section">
        <legend>Registration &amp; Pricing</legend>
        <TextField label="Registration URL (optional)" type="url" placeholder="https://" value={draft.registrationUrl} onChange={(e) => set('registrationUrl', e.target.value)} error={fields.registrationUrl} />
        <TextField label="Event Website (optional)" type="url" placeholder="https://" value={draft.websiteUrl} onChange={(e) => set('websiteUrl', e.target.value)} error={fields.websiteUrl} />
        <PriceTiersField
          draft={draft}
          eventDate={draft.eventDate}
          feeError={fields.registrationFee}
          tiersError={fields.priceTiers}
          onChange={(prices) => setDraft((current) => ({ ...current, ...prices }))}
        />
        <div className="form-page__row">
          <TextField label="Registration Closes (optional)" type="date" max={draft.eventDate || undefined} hint="On or before the event date." value={draft.registrationEndDate} onChange={(e) => set('registrationEndDate', e.target.value)} error={fields.registrationEndDate} />
          <TextField label="Maximum Participants (optional)" type="number" min={1} step="1" inputMode="numeric" value={draft.maxParticipants} onChange={(e) => set('maxParticipants', e.target.value)} error={fields.maxParticipants} />
        </div>
        <label className="form-page__check">
          <input type="checkbox" checked={draft.soldOut} onChange={(e) => set('soldOut', e.target.checked)} aria-describedby={soldOutHint} />
          Sold out
        </label>
        <p id={soldOutHint} className="form-page__notice">
          Tick this when every place is taken: cards and the event page say so, and the registration link stays for a waitlist or transfers.
        </p>
      </fieldset>
      <Alert tone="info" title="Admin review">
        New events are reviewed by an administrator before they are listed. Reviews take 1-2 business days.
      </Alert>
      <div className="form-page__actions">
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <ButtonLink to={cancelTo} size="lg">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
