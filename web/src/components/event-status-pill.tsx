import { enumLabel } from '#shared/event-vocabulary';
import type { EventStatus } from '#shared/event-status';
import './event-status-pill.css';

/**
 * A race that is not simply scheduled, said in one word beside its date on cards and on its page (the page says
 * more, shared/event-status.ts). Nothing for a scheduled race, which has no stored status.
 */
export function EventStatusPill({ status }: { status?: EventStatus }) {
  return status && status !== 'scheduled' ? <span className={`event-status event-status--${status}`}>{enumLabel(status)}</span> : null;
}
