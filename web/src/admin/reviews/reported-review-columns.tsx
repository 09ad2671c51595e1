import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { REVIEW_REPORT_REASONS, ReportedReview } from '#shared/schemas/review';
import { formatEventDate } from '../../lib/event-format.ts';
import { dateTime } from '../date-time.ts';

export type ReviewDecision = 'hide' | 'keep';

type ReportReason = (typeof REVIEW_REPORT_REASONS)[number];

/** Each report reason in the admins' words, in the order the report form lists them. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam',
  offensive: 'Offensive',
  off_topic: 'Off topic',
  personal_information: 'Personal information',
  other: 'Other',
};


/** The reported reviews' columns: the review as written, its race, the reasons with their counts, the first report, the decision. */
export function reportedReviewColumns({ busy, onDecide }: { busy: ReadonlySet<string>; onDecide(review: ReportedReview, decision: ReviewDecision): void }): TableProps.ColumnDefinition<ReportedReview>[] {
  return [
    {
      id: 'review',
      header: 'Review',
      isRowHeader: true,
      minWidth: 280,
      cell: (review) => (
        <SpaceBetween size="xxxs">
          <Box fontWeight="bold">
            {review.overall} of 5 stars · {review.authorName}
          </Box>
          {/* The text as the athlete typed it: shown as text, never as HTML. */}
          <Box>{review.text}</Box>
          <Box color="text-body-secondary" fontSize="body-s">
            Written {dateTime(review.createdAt)}
          </Box>
        </SpaceBetween>
      ),
    },
    {
      id: 'race',
      header: 'Race',
      minWidth: 170,
      cell: (review) => (
        <SpaceBetween size="xxxs">
          <Link href={`/events/${review.event.id}`} external externalIconAriaLabel="(opens in a new tab)">
            {review.event.title}
          </Link>
          <Box color="text-body-secondary" fontSize="body-s">
            {formatEventDate(review.event.eventDate)} · {review.event.city}, {review.event.state}
          </Box>
        </SpaceBetween>
      ),
    },
    {
      id: 'reasons',
      header: 'Reports',
      minWidth: 150,
      cell: (review) => (
        <SpaceBetween size="xxxs">
          <Box fontWeight="bold">{review.reportCount === 1 ? '1 report' : `${review.reportCount} reports`}</Box>
          {(Object.keys(REPORT_REASON_LABELS) as ReportReason[])
            .filter((reason) => (review.reasons[reason] ?? 0) > 0)
            .map((reason) => (
              <Box key={reason} fontSize="body-s">
                {REPORT_REASON_LABELS[reason]}: {review.reasons[reason]}
              </Box>
            ))}
        </SpaceBetween>
      ),
    },
    { id: 'reported', header: 'First reported', minWidth: 140, cell: (review) => dateTime(review.firstReportedAt) },
    {
      id: 'actions',
      header: 'Decision',
      minWidth: 170,
      cell: (review) => (
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="primary" disabled={busy.has(review.id)} ariaLabel={`Hide the review of ${review.event.title} by ${review.authorName}`} onClick={() => onDecide(review, 'hide')}>
            Hide
          </Button>
          <Button disabled={busy.has(review.id)} ariaLabel={`Keep the review of ${review.event.title} by ${review.authorName}`} onClick={() => onDecide(review, 'keep')}>
            Keep
          </Button>
        </SpaceBetween>
      ),
    },
  ];
}
