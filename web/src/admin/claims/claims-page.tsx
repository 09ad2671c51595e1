/**
 * /admin/claims: the review screen spec 001 lacks. Pending claims, oldest first, each with its event, the
 * organizer and their reason; Approve (the organizer becomes the event's owner) or Reject, both confirmed in a
 * Modal that takes notes the organizer will see. Approved and rejected claims are one switch away.
 */
import Box from '@cloudscape-design/components/box';
import Flashbar from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useSearchParams } from 'react-router-dom';
import { CLAIM_NOTES_MAX, CLAIM_STATUSES, type AdminClaimEntry, type ClaimStatus } from '#shared/schemas/claim';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { adminClaimsArea } from '../../lib/api-areas/admin-claims.ts';
import { useApi } from '../../lib/use-api.ts';
import type { AdminSection } from '../admin-sections.ts';
import { claimColumns, type Decision } from './claim-columns.tsx';
import { useAdminClaims } from './use-admin-claims.ts';
import { useFlashes } from '../use-flashes.ts';
import { useQueueDecision } from '../use-queue-decision.ts';
import { CursorPagination, DecisionModal, LoadFailed } from '../queue-parts.tsx';

const STATUS_TEXT: Record<ClaimStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

function statusFrom(value: string | null): ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(value ?? '') ? (value as ClaimStatus) : 'pending';
}

export function ClaimsPage({ section }: { section: AdminSection }) {
  useDocumentTitle(section.title);
  const api = useApi(adminClaimsArea);
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const list = useAdminClaims(status);
  const page = list.data;
  const { items: flashItems, flash } = useFlashes();
  const { busy, deciding, open, modal } = useQueueDecision<AdminClaimEntry, Decision>({
    idOf: (claim) => claim.id,
    send: (claim, decision, notes) => api('decideClaim', { path: { id: claim.id }, body: { decision, notes } }),
    succeeded: (claim, decision) =>
      decision === 'approve'
        ? { header: 'Claim approved', content: `${claim.claimant?.name ?? claim.claimant?.email ?? 'The organizer'} now owns ${claim.event?.title ?? 'the event'}.` }
        : { header: 'Claim rejected', content: `The organizer can see your notes and may claim ${claim.event?.title ?? 'the event'} again.` },
    failedHeader: (decision) => (decision === 'approve' ? 'Approval failed' : 'Rejection failed'),
    flash,
    onSettled: () => void list.refresh(),
  });
  const approving = deciding?.decision === 'approve';

  return (
    <SpaceBetween size="m">
      <Flashbar items={flashItems} />
      <Table
        variant="full-page"
        stickyHeader
        wrapLines
        trackBy="id"
        items={page?.items ?? []}
        columnDefinitions={claimColumns({ pending: status === 'pending', busy, onDecide: open })}
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        loadingText="Loading claims"
        ariaLabels={{ tableLabel: `${STATUS_TEXT[status]} claims` }}
        header={
          <Header variant="awsui-h1-sticky" counter={page ? `(${page.total.toLocaleString('en-US')})` : undefined} description={section.purpose}>
            {section.title}
          </Header>
        }
        filter={
          <SegmentedControl
            label="Claims to show"
            selectedId={status}
            options={CLAIM_STATUSES.map((id) => ({ id, text: STATUS_TEXT[id] }))}
            onChange={({ detail }) => setParams(detail.selectedId === 'pending' ? {} : { status: detail.selectedId }, { replace: true })}
          />
        }
        pagination={<CursorPagination list={list} more={Boolean(page?.nextCursor)} />}
        empty={
          list.isError ? (
            <LoadFailed what="claims" error={list.error} retry={() => void list.refetch()} />
          ) : (
            <Box textAlign="center" color="inherit">
              <b>{status === 'pending' ? 'No claims waiting for review' : `No ${STATUS_TEXT[status].toLowerCase()} claims`}</b>
              <Box variant="p" color="inherit">
                {status === 'pending' ? 'Claims organizers submit on events appear here.' : 'Decided claims appear here, newest first.'}
              </Box>
            </Box>
          )
        }
      />
      <DecisionModal
        {...modal}
        header={approving ? 'Approve claim' : 'Reject claim'}
        confirmText={approving ? 'Approve' : 'Reject'}
        sentence={
          deciding
            ? approving
              ? `${deciding.item.claimant?.email ?? 'The organizer'} becomes the owner of ${deciding.item.event?.title ?? 'this event'}: the event shows as claimed and they may manage and promote it.`
              : `${deciding.item.claimant?.email ?? 'The organizer'}'s claim on ${deciding.item.event?.title ?? 'this event'} is rejected. They can claim it again.`
            : null
        }
        notesFor="the organizer"
        notesMax={CLAIM_NOTES_MAX}
      />
    </SpaceBetween>
  );
}
