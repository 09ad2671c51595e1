/**
 * /admin/events (spec 001 Event Management), composed as the Cloudscape demos compose a server-side table:
 * a full-page Table whose filters, paging and counts come from the server (GET /api/admin/events), with the
 * filters in the URL, per-row edit/verify/feature/delete, multi-selection with the bulk bar, Flashbar results
 * with the spec's texts, Modal confirmations before deleting, unverifying and every bulk action, rows that show
 * a change as soon as the server has made it, and FLUSH DATABASE for super admins.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { AdminEventRow, BulkAction } from '#shared/schemas/admin-events';
import type { RaceEvent } from '#shared/schemas/event';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useApi } from '../../lib/use-api.ts';
import { adminEventsArea } from '../../lib/api-areas/admin-events.ts';
import { useRole } from '../../lib/use-me.ts';
import { ADMIN_SECTIONS, type AdminSection } from '../admin-sections.ts';
import { adminEventColumns } from './admin-event-columns.tsx';
import { bulkFields, confirmWords, type PendingConfirm } from './admin-event-confirmations.ts';
import { AdminEventFilterBar } from './admin-event-filter-bar.tsx';
import { filtersFromSearch, hasFilters, NO_FILTERS, searchFromFilters, type AdminEventFilters } from './admin-event-filters.ts';
import { EventsExportSlot } from './events-export-slot.tsx';
import { FlushDatabase } from './flush-database.tsx';
import { useAdminEvents, type RowChange } from './use-admin-events.ts';
import { editEventPath, returnHere } from '../../features/organizer-events/edit-return.ts';
import { useFlashes } from '../use-flashes.ts';

/** Event images (issue 24): the admin's remove, in its own chunk. */
const EventImagesModal = lazy(() => import('./event-images-modal.tsx'));

const BULK_BUTTONS: readonly { action: BulkAction; text: string }[] = [
  { action: 'verify', text: 'Verify' },
  { action: 'unverify', text: 'Unverify' },
  { action: 'feature', text: 'Feature' },
  { action: 'unfeature', text: 'Unfeature' },
];

const count = (n: number) => n.toLocaleString('en-US');

const EVENTS_SECTION = ADMIN_SECTIONS.find((candidate) => candidate.path === 'events') as AdminSection;

export function AdminEventsPage({ section = EVENTS_SECTION }: { section?: AdminSection }) {
  useDocumentTitle(section.title);
  const api = useApi(adminEventsArea);
  const role = useRole();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: AdminEventFilters) => setSearchParams(searchFromFilters(next), { replace: true }),
    [setSearchParams],
  );
  const list = useAdminEvents(filters);
  const page = list.data;
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  // Selection is of the rows shown: rows no longer on the page (another page, filters, a delete) drop out.
  const selected = useMemo(() => (page?.items ?? []).filter((row) => selectedIds.has(row.id)), [page, selectedIds]);
  const setSelected = (rows: readonly AdminEventRow[]) => setSelectedIds(new Set(rows.map((row) => row.id)));
  const { items: flashItems, flash } = useFlashes();
  const [confirm, setConfirm] = useState<PendingConfirm | undefined>();
  /** The event whose images the admin looks at (a lazily loaded modal). */
  const [imagesOf, setImagesOf] = useState<AdminEventRow>();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const withBusy = (ids: readonly string[], on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const patch = useMutation({
    mutationFn: ({ row, changes }: { row: AdminEventRow; changes: { verified?: boolean; featured?: boolean; reviewFlag?: null } }) =>
      api('updateAdminEvent', { path: { id: row.id }, body: changes }),
    onMutate: ({ row }) => withBusy([row.id], true),
    onSuccess: (event: RaceEvent) => {
      list.showChanges(new Map([[event.id, { fields: { verified: event.verified, featured: event.featured, reviewFlag: event.reviewFlag } }]]));
      flash({ type: 'success', header: 'Event updated' });
    },
    onError: (error) => flash({ type: 'error', header: 'Update failed', content: errorMessage(error) }),
    onSettled: (_data, _error, { row }) => {
      withBusy([row.id], false);
      void list.refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: AdminEventRow) => api('deleteAdminEvent', { path: { id: row.id } }),
    onMutate: (row) => withBusy([row.id], true),
    onSuccess: (_data, row) => {
      list.showChanges(new Map([[row.id, 'deleted']]));
      flash({ type: 'success', header: 'Event deleted' });
    },
    onError: (error) => flash({ type: 'error', header: 'Delete failed', content: errorMessage(error) }),
    onSettled: (_data, _error, row) => {
      withBusy([row.id], false);
      void list.refresh();
    },
  });
  const bulk = useMutation({
    mutationFn: ({ rows, action }: { rows: readonly AdminEventRow[]; action: BulkAction }) =>
      api('bulkUpdateAdminEvents', { body: { ids: rows.map((row) => row.id), action } }),
    onMutate: ({ rows }) => withBusy(rows.map((row) => row.id), true),
    onSuccess: (result, { action }) => {
      const changes = new Map<string, RowChange>();
      for (const { id, outcome } of result.results) {
        if (outcome === 'deleted') changes.set(id, 'deleted');
        else if ((outcome === 'updated' || outcome === 'unchanged') && action !== 'delete') changes.set(id, { fields: bulkFields(action) });
      }
      list.showChanges(changes);
      const missed = result.results.filter((item) => item.outcome === 'not-found' || item.outcome === 'conflict').length;
      flash({
        type: 'success',
        header: 'Bulk update successful',
        content: `${result.message}${missed ? `; ${count(missed)} could not be changed (deleted or changed meanwhile)` : ''}`,
      });
      setSelected([]);
    },
    onError: (error) => flash({ type: 'error', header: 'Bulk update failed', content: errorMessage(error) }),
    onSettled: (_data, _error, { rows }) => {
      withBusy(rows.map((row) => row.id), false);
      void list.refresh();
    },
  });

  const columns = useMemo(
    () =>
      adminEventColumns({
        busy,
        editPath: (row) => editEventPath(row.id),
        onEdit: (row) => navigate(editEventPath(row.id), { state: returnHere(location) }),
        onToggleVerified: (row) =>
          row.verified ? setConfirm({ action: 'unverify', rows: [row], bulk: false }) : patch.mutate({ row, changes: { verified: true } }),
        onToggleFeatured: (row) => patch.mutate({ row, changes: { featured: !row.featured } }),
        onDelete: (row) => setConfirm({ action: 'delete', rows: [row], bulk: false }),
        onImages: (row) => setImagesOf(row),
        onClearFlag: (row) => patch.mutate({ row, changes: { reviewFlag: null } }),
      }),
    // patch.mutate and navigate are stable; busy changes what the buttons show, the address where Edit returns.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [busy, location],
  );

  const first = page && page.items.length > 0 ? page.offset + 1 : 0;
  const last = page ? page.offset + page.items.length : 0;
  const totalText = page ? `${count(page.total)}${page.totalExact ? '' : '+'}` : undefined;
  const countText = page ? (page.items.length > 0 ? `Showing ${count(first)} to ${count(last)} of ${totalText} events` : `0 of ${totalText} events`) : undefined;
  const morePages = list.pagesKnown > 1 || Boolean(page?.nextCursor);
  const dateError = filters.from && filters.to && filters.to < filters.from ? 'The end date must be on or after the start date' : undefined;

  const words = confirm ? confirmWords(confirm) : undefined;
  const onConfirm = () => {
    if (!confirm) return;
    const [row] = confirm.rows;
    if (confirm.bulk) bulk.mutate({ rows: confirm.rows, action: confirm.action });
    else if (row && confirm.action === 'delete') remove.mutate(row);
    else if (row && confirm.action === 'unverify') patch.mutate({ row, changes: { verified: false } });
    setConfirm(undefined);
  };


  return (
    <SpaceBetween size="m">
      <Flashbar items={flashItems} />
      {list.isError && !page ? (
        <Alert
          type="error"
          header="Unable to load events"
          action={<Button onClick={() => void list.refetch()}>Retry</Button>}
        >
          {errorMessage(list.error)}
        </Alert>
      ) : null}
      <Table
        variant="full-page"
        stickyHeader
        resizableColumns
        wrapLines
        // The row's actions stay in view while the other columns scroll (Cloudscape drops this on narrow screens).
        stickyColumns={{ first: 0, last: 1 }}
        trackBy="id"
        items={page?.items ?? []}
        columnDefinitions={columns}
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        loadingText="Loading events"
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        isItemDisabled={(row) => busy.has(row.id)}
        ariaLabels={{
          selectionGroupLabel: 'Event selection',
          allItemsSelectionLabel: () => 'Select all events on this page',
          itemSelectionLabel: (_selection, row) => `Select ${row.title}`,
          tableLabel: 'Events',
        }}
        header={
          <SpaceBetween size="s">
            <Header
              variant="awsui-h1-sticky"
              counter={totalText ? `(${totalText})` : undefined}
              description={section.purpose}
              actions={
                <SpaceBetween size="xs" direction="horizontal">
                  <EventsExportSlot
                    filters={filters}
                    onEnded={(result) =>
                      result.status === 'completed'
                        ? flash({ type: 'success', header: 'Export successful', content: `Exported ${count(result.job?.recordCount ?? 0)} events` })
                        : flash({ type: 'error', header: 'Export failed', content: result.job?.error ?? 'Failed to export events data' })
                    }
                  />
                  {role === 'superadmin' && (
                    <FlushDatabase
                      total={hasFilters(filters) ? undefined : page?.total}
                      onDone={(outcome) => {
                        if (outcome.ok) flash({ type: 'success', header: 'Database flushed', content: 'All events have been permanently deleted' });
                        else flash({ type: 'error', header: 'Flush failed', content: outcome.message });
                        void list.refresh();
                      }}
                    />
                  )}
                </SpaceBetween>
              }
            >
              {section.title}
            </Header>
            {selected.length > 0 && (
              <Box padding={{ vertical: 'xs' }}>
                <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                  <Box variant="strong">{`${count(selected.length)} ${selected.length === 1 ? 'event' : 'events'} selected`}</Box>
                  {BULK_BUTTONS.map(({ action, text }) => (
                    <Button key={action} disabled={bulk.isPending} onClick={() => setConfirm({ action, rows: selected, bulk: true })}>
                      {text}
                    </Button>
                  ))}
                  <Button disabled={bulk.isPending} ariaLabel="Delete selected events" onClick={() => setConfirm({ action: 'delete', rows: selected, bulk: true })}>
                    Delete
                  </Button>
                </SpaceBetween>
              </Box>
            )}
          </SpaceBetween>
        }
        filter={
          <SpaceBetween size="xs">
            <AdminEventFilterBar filters={filters} onChange={setFilters} dateError={dateError} />
            {countText && (
              <Box color="text-body-secondary" aria-live="polite">
                {countText}
              </Box>
            )}
          </SpaceBetween>
        }
        pagination={
          morePages ? (
            <Pagination
              currentPageIndex={list.pageNumber}
              pagesCount={list.pagesKnown}
              openEnd={Boolean(page && !page.complete)}
              disabled={list.isFetching}
              ariaLabels={{ nextPageLabel: 'Next', previousPageLabel: 'Previous', pageLabel: (n) => `Page ${n}` }}
              onChange={({ detail }) => list.goTo(detail.currentPageIndex)}
            />
          ) : undefined
        }
        empty={
          list.isError ? (
            <Box textAlign="center" color="inherit">
              <b>Unable to load events</b>
              <Box padding={{ bottom: 's' }} variant="p" color="inherit">
                {errorMessage(list.error)}
              </Box>
              <Button onClick={() => void list.refetch()}>Retry</Button>
            </Box>
          ) : (
            <Box textAlign="center" color="inherit">
              <b>{hasFilters(filters) ? 'No events match these filters' : 'No events yet'}</b>
              <Box padding={{ bottom: 's' }} variant="p" color="inherit">
                {hasFilters(filters) ? 'Try other filters, or clear them to see every event.' : 'Import events or create them to see them here.'}
              </Box>
              {hasFilters(filters) && <Button onClick={() => setFilters(NO_FILTERS)}>Clear filters</Button>}
            </Box>
          )
        }
      />
      <Modal
        visible={confirm !== undefined}
        onDismiss={() => setConfirm(undefined)}
        header={words?.header}
        closeAriaLabel="Close"
        footer={
          <Box float="right">
            <SpaceBetween size="xs" direction="horizontal">
              <Button variant="link" onClick={() => setConfirm(undefined)}>
                Cancel
              </Button>
              <Button variant="primary" onClick={onConfirm}>
                {words?.button}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {confirm && !confirm.bulk && (
          <Box variant="p">
            <Box variant="strong">{confirm.rows[0]?.title}</Box>
          </Box>
        )}
        <Box variant="p">{words?.text}</Box>
      </Modal>
      {imagesOf && (
        <Suspense fallback={null}>
          <EventImagesModal eventId={imagesOf.id} title={imagesOf.title} onDismiss={() => setImagesOf(undefined)} />
        </Suspense>
      )}
    </SpaceBetween>
  );
}
