import { enumLabel } from '#shared/event-vocabulary';
// Types only: the module's values (form choices, notes, the store's rule) would all come into the first load with it.
import type { EventStatus } from '#shared/event-status';
import './status-pill.css';

/** How much each status matters to a runner, as the shared pill's tone (a virtual race's is neutral). */
const TONES: Readonly<Record<Exclude<EventStatus, 'scheduled'>, string>> = {
  cancelled: 'status-pill status-pill--bad',
  postponed: 'status-pill status-pill--warn',
  rescheduled: 'status-pill status-pill--pending',
  virtual: 'status-pill',
};

/**
 * A race that is not simply scheduled, said in one word beside its date on cards and on its page (the page says
 * more, shared/event-status.ts). Nothing for a scheduled race, which has no stored status.
 */
export function EventStatusPill({ status }: { status?: EventStatus }) {
  return !status || status === 'scheduled' ? null : <span className={TONES[status]}>{enumLabel(status)}</span>;
}

/** A race with every place taken: said beside its price on a card. */
export function SoldOutPill() {
  return <span className="status-pill status-pill--warn">Sold out</span>;
}
