/**
 * The promote-event dialog (spec 001): type, scope (site-wide, a state or an event type), start and end dates
 * from the date picker (days before today disabled, the end never before the start, at most 90 days, not after
 * the race), the total, and a note that a card payment provider takes the payment. 'Pay $X & Promote' sends
 * the choice to the server, which prices it itself and answers Stripe's checkout page, where the browser goes.
 * The total shown here is computed from the same table as the server's, so the two agree. A native modal
 * <dialog>: focus moves into it and stays there, Escape closes it.
 */
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { addDays, todayInNewYork } from '#shared/dates';
import { EVENT_TYPES, enumLabel } from '#shared/event-vocabulary';
import {
  DAILY_RATE_CENTS,
  MAX_PROMOTION_DAYS,
  PROMOTION_TIERS,
  PROMOTION_TIER_LABELS,
  formatUsd,
  promotionDays,
  promotionPriceCents,
  type PromotionScope,
  type PromotionTier,
} from '#shared/promotions';
import { STATE_CODES, US_STATES } from '#shared/us-states';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { ChoiceField } from '../../../components/form-fields.tsx';
import { TextField } from '../../../components/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useBuyPromotion } from '../api/use-promotions.ts';
import './promote-dialog.css';

export interface PromoteTarget {
  readonly id: string;
  readonly title: string;
  readonly state: string;
  readonly eventType: string;
  /** The race day: a promotion ends by then. */
  readonly eventDate: string;
}

const TIER_TEXT: Record<PromotionTier, string> = {
  featured: 'Listed first, with a Featured badge',
  premium: 'Above featured events, with a Premium badge',
  spotlight: 'At the very top, with a Spotlight badge',
};

const SCOPE_OPTIONS: readonly { value: PromotionScope; label: string }[] = [
  { value: 'state', label: 'A state' },
  { value: 'event_type', label: 'An event type' },
  { value: 'site', label: 'Site-wide (every search)' },
];

const earlier = (a: string, b: string) => (a < b ? a : b);

/** What is wrong with the dates, field by field, before the server is asked (it checks the same). */
function dateProblems(start: string, end: string, today: string, eventDate: string): { start?: string; end?: string } {
  const problems: { start?: string; end?: string } = {};
  if (!start) problems.start = 'Choose a start date';
  else if (start < today) problems.start = 'The start date cannot be in the past';
  if (!end) problems.end = 'Choose an end date';
  else if (start && end < start) problems.end = 'The end date cannot be before the start date';
  else if (start && promotionDays(start, end) > MAX_PROMOTION_DAYS) problems.end = `A promotion runs at most ${MAX_PROMOTION_DAYS} days`;
  else if (end > eventDate) problems.end = `The promotion must end by the event date (${eventDate})`;
  return problems;
}

export default function PromoteDialog({ event, onClose }: { event: PromoteTarget; onClose(): void }) {
  const titleId = useId();
  const today = todayInNewYork();
  const [tier, setTier] = useState<PromotionTier>('featured');
  const [scope, setScope] = useState<PromotionScope>('state');
  const [scopeValue, setScopeValue] = useState(scope === 'state' ? event.state : event.eventType);
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState(earlier(addDays(today, 6), event.eventDate));
  const [failed, setFailed] = useState<string | undefined>();
  const [serverFields, setServerFields] = useState<Record<string, string[]>>({});
  const buy = useBuyPromotion();

  const problems = dateProblems(start, end, today, event.eventDate);
  const valid = !problems.start && !problems.end && (scope === 'site' || Boolean(scopeValue));
  const days = valid ? promotionDays(start, end) : 0;
  const total = valid ? promotionPriceCents(tier, start, end) : 0;
  const paying = buy.isPending || buy.isSuccess;

  function changeScope(next: PromotionScope) {
    setScope(next);
    setScopeValue(next === 'state' ? event.state : next === 'event_type' ? event.eventType : '');
  }

  function onSubmit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (!valid || paying) return;
    setFailed(undefined);
    setServerFields({});
    buy.mutate(
      { eventId: event.id, type: tier, scope, ...(scope === 'site' ? {} : { scopeValue }), startDate: start, endDate: end },
      {
        // Off to Stripe's page; the dialog stays (busy) until the browser leaves.
        onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
        onError: (error) => {
          // Keep every choice: the organizer fixes what the server named, or tries again.
          if (error instanceof ApiError && error.fields) setServerFields(error.fields);
          setFailed(error instanceof ApiError && error.status < 500 ? errorMessage(error) : 'The payment could not be started. Nothing was charged; please try again.');
        },
      },
    );
  }

  const fieldError = (name: string, local?: string) => local ?? serverFields[`body.${name}`]?.[0];

  return (
    <ModalDialog titleId={titleId} width={600} onCancel={() => !paying && onClose()}>
      <form className="promote-dialog__form" onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="modal-dialog__title">
          Promote Event
        </h2>
        <p className="promote-dialog__event">{event.title}</p>

        <fieldset className="promote-tiers">
          <legend className="field__label">Promotion type</legend>
          {PROMOTION_TIERS.map((id) => (
            <label key={id} className={`promote-tier${tier === id ? ' promote-tier--chosen' : ''}`}>
              <input type="radio" name="promotion-type" value={id} checked={tier === id} onChange={() => setTier(id)} />
              <span className="promote-tier__name">{PROMOTION_TIER_LABELS[id]}</span>
              <span className="promote-tier__price">{formatUsd(DAILY_RATE_CENTS[id])} a day</span>
              <span className="promote-tier__text">{TIER_TEXT[id]}</span>
            </label>
          ))}
        </fieldset>

        <div className="promote-dialog__row">
          <ChoiceField label="Show it in" value={scope} onChange={(value) => changeScope(value as PromotionScope)} options={SCOPE_OPTIONS} />
          {scope === 'state' ? (
            <ChoiceField
              label="State"
              required
              value={scopeValue}
              onChange={setScopeValue}
              error={fieldError('scopeValue')}
              options={STATE_CODES.map((code) => ({ value: code, label: US_STATES[code] }))}
            />
          ) : scope === 'event_type' ? (
            <ChoiceField
              label="Event type"
              required
              value={scopeValue}
              onChange={setScopeValue}
              error={fieldError('scopeValue')}
              options={EVENT_TYPES.map((type) => ({ value: type, label: enumLabel(type) }))}
            />
          ) : (
            <p className="promote-dialog__scope-note">Shown first in every search its other filters match.</p>
          )}
        </div>

        <div className="promote-dialog__row">
          <TextField label="Start date" type="date" required min={today} max={event.eventDate} value={start} onChange={(change) => setStart(change.target.value)} error={fieldError('startDate', start ? problems.start : undefined)} />
          <TextField
            label="End date"
            type="date"
            required
            min={start || today}
            max={earlier(addDays(start || today, MAX_PROMOTION_DAYS - 1), event.eventDate)}
            value={end}
            onChange={(change) => setEnd(change.target.value)}
            error={fieldError('endDate', end ? problems.end : undefined)}
          />
        </div>

        <div className="promote-dialog__total" aria-live="polite">
          {valid ? (
            <>
              <span>
                {days} day{days === 1 ? '' : 's'} × {formatUsd(DAILY_RATE_CENTS[tier])}
              </span>
              <strong>Total {formatUsd(total)}</strong>
            </>
          ) : (
            <span>Choose valid dates to see the total.</span>
          )}
        </div>
        <p className="promote-dialog__hint">
          Prices: Featured $1, Premium $3 and Spotlight $5 a day. Payment is handled by Stripe, a card payment provider; you return here afterwards.
          An administrator reviews each promotion before it goes live, and a rejected one is refunded in full.
        </p>
        {failed ? (
          <Alert tone="error" title="Payment not started">
            <p>{failed}</p>
          </Alert>
        ) : null}
        <div className="promote-dialog__actions">
          <Button onClick={onClose} disabled={paying}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!valid} aria-busy={paying || undefined}>
            {paying ? 'Opening checkout…' : `Pay ${valid ? formatUsd(total) : ''} & Promote`.replace('  ', ' ')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
