/**
 * /admin/promotions: paid promotions waiting for review, oldest first, with the event, what was bought and
 * the amount; Approve (it goes live in search within its scope and dates) or Reject and refund (Stripe returns
 * the payment), both confirmed in a Modal that takes notes the organizer will see. The other queues (awaiting
 * payment, approved, rejected, refunded, expired checkouts) are one switch away.
 */
import Box from '@cloudscape-design/components/box';
import Flashbar from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useSearchParams } from 'react-router-dom';
import { formatUsd } from '#shared/promotions';
import { PROMOTION_NOTES_MAX, PROMOTION_QUEUES, type Promotion, type PromotionQueue } from '#shared/schemas/promotion';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { adminPromotionsArea } from '../../lib/api-areas/admin-promotions.ts';
import { useApi } from '../../lib/use-api.ts';
import type { AdminSection } from '../admin-sections.ts';
import { CursorPagination, DecisionModal, LoadFailed } from '../queue-parts.tsx';
import { useFlashes } from '../use-flashes.ts';
import { useQueueDecision } from '../use-queue-decision.ts';
import { promotionColumns, type Decision } from './promotion-columns.tsx';
import { useAdminPromotions } from './use-admin-promotions.ts';

const QUEUE_TEXT: Record<PromotionQueue, string> = {
  in_review: 'Waiting for review',
  awaiting_payment: 'Awaiting payment',
  approved: 'Approved',
  rejected: 'Rejected and refunded',
  refunded: 'Refunded in Stripe',
  failed: 'Checkout expired',
};

const EMPTY_TEXT: Record<PromotionQueue, string> = {
  in_review: 'Promotions appear here once the organizer has paid for them.',
  awaiting_payment: 'Promotions whose checkout has not been paid yet appear here.',
  approved: 'Approved promotions appear here, newest first.',
  rejected: 'Rejected promotions appear here with their refunds.',
  refunded: 'Promotions refunded from the Stripe dashboard appear here.',
  failed: 'Promotions whose checkout expired unpaid appear here.',
};

function queueFrom(value: string | null): PromotionQueue {
  return (PROMOTION_QUEUES as readonly string[]).includes(value ?? '') ? (value as PromotionQueue) : 'in_review';
}

export function PromotionsPage({ section }: { section: AdminSection }) {
  useDocumentTitle(section.title);
  const api = useApi(adminPromotionsArea);
  const [params, setParams] = useSearchParams();
  const queue = queueFrom(params.get('status'));
  const list = useAdminPromotions(queue);
  const page = list.data;
  const { items: flashItems, flash } = useFlashes();
  const { busy, deciding, open, modal } = useQueueDecision<Promotion, Decision>({
    idOf: (promotion) => promotion.id,
    send: (promotion, decision, notes) => api('decidePromotion', { path: { id: promotion.id }, body: { decision, notes } }),
    succeeded: (promotion, decision) =>
      decision === 'approve'
        ? { header: 'Promotion approved', content: `${promotion.eventTitle ?? 'The event'} is promoted from ${promotion.startDate} to ${promotion.endDate}.` }
        : { header: 'Promotion rejected and refunded', content: `${formatUsd(promotion.amountCents)} was refunded to the organizer through Stripe.` },
    failedHeader: (decision) => (decision === 'approve' ? 'Approval failed' : 'Rejection failed'),
    flash,
    onSettled: () => void list.refresh(),
  });
  const approving = deciding?.decision === 'approve';
  const options = PROMOTION_QUEUES.map((id) => ({ value: id, label: QUEUE_TEXT[id] }));

  return (
    <SpaceBetween size="m">
      <Flashbar items={flashItems} />
      <Table
        variant="full-page"
        stickyHeader
        wrapLines
        trackBy="id"
        items={page?.items ?? []}
        columnDefinitions={promotionColumns({ reviewing: queue === 'in_review', busy, onDecide: open })}
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        loadingText="Loading promotions"
        ariaLabels={{ tableLabel: `Promotions: ${QUEUE_TEXT[queue]}` }}
        header={
          <Header variant="awsui-h1-sticky" counter={page ? `(${page.total.toLocaleString('en-US')})` : undefined} description={section.purpose}>
            {section.title}
          </Header>
        }
        filter={
          // A Select fills its container: kept to the width of its longest option.
          <div style={{ maxWidth: 320 }}>
          <Select
            inlineLabelText="Show"
            selectedOption={options.find((option) => option.value === queue) ?? null}
            options={options}
            onChange={({ detail }) => setParams(detail.selectedOption.value === 'in_review' ? {} : { status: detail.selectedOption.value ?? '' }, { replace: true })}
          />
          </div>
        }
        pagination={<CursorPagination list={list} more={Boolean(page?.nextCursor)} />}
        empty={
          list.isError ? (
            <LoadFailed what="promotions" error={list.error} retry={() => void list.refetch()} />
          ) : (
            <Box textAlign="center" color="inherit">
              <b>{queue === 'in_review' ? 'No promotions waiting for review' : `Nothing here: ${QUEUE_TEXT[queue].toLowerCase()}`}</b>
              <Box variant="p" color="inherit">
                {EMPTY_TEXT[queue]}
              </Box>
            </Box>
          )
        }
      />
      <DecisionModal
        {...modal}
        header={approving ? 'Approve promotion' : 'Reject and refund promotion'}
        confirmText={approving ? 'Approve' : 'Reject and refund'}
        sentence={
          deciding
            ? approving
              ? `${deciding.item.eventTitle ?? 'The event'} will be promoted in search from ${deciding.item.startDate} to ${deciding.item.endDate}.`
              : `The organizer's payment of ${formatUsd(deciding.item.amountCents)} is refunded through Stripe and the promotion is not shown.`
            : null
        }
        notesFor="the organizer"
        notesMax={PROMOTION_NOTES_MAX}
      />
    </SpaceBetween>
  );
}
