import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { PROMOTION_TIER_LABELS, formatUsd, promotionDays, promotionScopeLabel } from '#shared/promotions';
import type { Promotion, PromotionPaymentStatus } from '#shared/schemas/promotion';
import { formatEventDate } from '../../lib/event-format.ts';
import { dateTime } from '../date-time.ts';

export type Decision = 'approve' | 'reject';


const PAYMENT: Record<PromotionPaymentStatus, { type: StatusIndicatorProps.Type; text: string }> = {
  pending: { type: 'pending', text: 'Awaiting payment' },
  failed: { type: 'stopped', text: 'Checkout expired' },
  paid: { type: 'success', text: 'Paid' },
  refunded: { type: 'info', text: 'Refunded' },
};

/** The promotions table's columns; the decision buttons only in the review queue. */
export function promotionColumns({ reviewing, busy, onDecide }: { reviewing: boolean; busy: ReadonlySet<string>; onDecide(promotion: Promotion, decision: Decision): void }) {
  const columns: TableProps.ColumnDefinition<Promotion>[] = [
    {
      id: 'event',
      header: 'Event',
      isRowHeader: true,
      cell: (promotion) => (
        <Link href={`/events/${promotion.eventId}`} external externalIconAriaLabel="(opens in a new tab)">
          {promotion.eventTitle ?? 'Event'}
        </Link>
      ),
    },
    {
      id: 'promotion',
      header: 'Promotion',
      cell: (promotion) => (
        <SpaceBetween size="xxxs">
          <span>{PROMOTION_TIER_LABELS[promotion.tier]}</span>
          <Box color="text-body-secondary" fontSize="body-s">
            {promotionScopeLabel(promotion.scope, promotion.scopeValue)}
          </Box>
        </SpaceBetween>
      ),
    },
    {
      id: 'dates',
      header: 'Runs',
      cell: (promotion) => {
        const days = promotionDays(promotion.startDate, promotion.endDate);
        return (
          <SpaceBetween size="xxxs">
            <span>
              {formatEventDate(promotion.startDate)} to {formatEventDate(promotion.endDate)}
            </span>
            <Box color="text-body-secondary" fontSize="body-s">
              {days} day{days === 1 ? '' : 's'}
            </Box>
          </SpaceBetween>
        );
      },
    },
    { id: 'amount', header: 'Amount', cell: (promotion) => formatUsd(promotion.amountCents) },
    { id: 'payment', header: 'Payment', cell: (promotion) => <StatusIndicator type={PAYMENT[promotion.paymentStatus].type}>{PAYMENT[promotion.paymentStatus].text}</StatusIndicator> },
    { id: 'created', header: 'Bought', cell: (promotion) => dateTime(promotion.createdAt) },
  ];
  if (reviewing) {
    columns.push({
      id: 'actions',
      header: 'Decision',
      cell: (promotion) => (
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="primary" disabled={busy.has(promotion.id)} ariaLabel={`Approve the promotion of ${promotion.eventTitle ?? 'this event'}`} onClick={() => onDecide(promotion, 'approve')}>
            Approve
          </Button>
          <Button disabled={busy.has(promotion.id)} ariaLabel={`Reject and refund the promotion of ${promotion.eventTitle ?? 'this event'}`} onClick={() => onDecide(promotion, 'reject')}>
            Reject and refund
          </Button>
        </SpaceBetween>
      ),
    });
  } else {
    columns.push(
      { id: 'reviewed', header: 'Reviewed', cell: (promotion) => (promotion.reviewedAt ? dateTime(promotion.reviewedAt) : '-') },
      { id: 'notes', header: 'Notes', cell: (promotion) => promotion.adminNotes ?? '-' },
    );
  }
  return columns;
}
