/**
 * The event form's prices: one registration fee, or prices with deadlines ("$65 until Mar 1, then $80",
 * shared/price-tiers.ts) once the organizer adds a price increase. Each price is a fee and the last day it is
 * sold at; the last may run until registration closes. Removing the second-to-last price goes back to one fee,
 * keeping what was typed in the first.
 */
import { useId } from 'react';
import { MAX_PRICE_TIERS } from '#shared/price-tiers';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import './price-tiers-field.css';

/** A price as the form holds it: the text typed. */
export interface TierDraft {
  fee: string;
  until: string;
}

export interface PricesDraft {
  registrationFee: string;
  /** Empty when the race has one fee; two or more rows when it sells in tiers. */
  priceTiers: TierDraft[];
}

export function PriceTiersField({
  draft,
  eventDate,
  feeError,
  tiersError,
  onChange,
}: {
  draft: PricesDraft;
  eventDate: string;
  feeError?: string;
  tiersError?: string;
  onChange(next: PricesDraft): void;
}) {
  const headingId = useId();
  const errorId = useId();
  const tiers = draft.priceTiers;

  if (tiers.length === 0) {
    return (
      <div className="price-tiers">
        <TextField
          label="Registration Fee in $ (optional)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          value={draft.registrationFee}
          onChange={(e) => onChange({ ...draft, registrationFee: e.target.value })}
          error={feeError}
        />
        <Button size="sm" variant="ghost" onClick={() => onChange({ registrationFee: '', priceTiers: [{ fee: draft.registrationFee, until: '' }, { fee: '', until: '' }] })}>
          + Add a price increase
        </Button>
      </div>
    );
  }

  const setTier = (index: number, change: Partial<TierDraft>) =>
    onChange({ ...draft, priceTiers: tiers.map((tier, at) => (at === index ? { ...tier, ...change } : tier)) });
  const remove = (index: number) => {
    const left = tiers.filter((_, at) => at !== index);
    onChange(left.length === 1 ? { registrationFee: left[0]?.fee ?? '', priceTiers: [] } : { ...draft, priceTiers: left });
  };

  return (
    <div className="price-tiers" role="group" aria-labelledby={headingId} aria-describedby={tiersError ? errorId : undefined}>
      <p id={headingId} className="price-tiers__heading">
        Prices with deadlines
      </p>
      <p className="form-page__notice">Runners see the price of the day and what comes next, such as “$65 until Mar 1, then $80”.</p>
      <ol className="price-tiers__list">
        {tiers.map((tier, index) => {
          const last = index === tiers.length - 1;
          return (
            <li key={index} className="price-tiers__row">
              <TextField
                label={index === 0 ? 'Price in $' : `Then, in $`}
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                value={tier.fee}
                onChange={(e) => setTier(index, { fee: e.target.value })}
              />
              <TextField
                label={last ? 'Last day at this price (optional)' : 'Last day at this price'}
                type="date"
                max={eventDate || undefined}
                hint={last ? 'Blank: until registration closes.' : undefined}
                value={tier.until}
                onChange={(e) => setTier(index, { until: e.target.value })}
              />
              <Button size="sm" variant="ghost" className="price-tiers__remove" aria-label={`Remove price ${index + 1}`} onClick={() => remove(index)}>
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      {tiersError ? (
        <p id={errorId} className="field__error">
          {tiersError}
        </p>
      ) : null}
      {tiers.length < MAX_PRICE_TIERS ? (
        <Button size="sm" variant="ghost" onClick={() => onChange({ ...draft, priceTiers: [...tiers, { fee: '', until: '' }] })}>
          + Add a price increase
        </Button>
      ) : null}
    </div>
  );
}
