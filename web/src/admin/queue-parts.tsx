/**
 * Pieces the admin review queues (applications, claims) and the events list share: numbered pages over the
 * server's cursors, the "could not load" empty state with Retry, a section's full-page table over such pages,
 * and the confirmation Modal of an action, or of a decision with notes for the person it is about.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import type { AdminSection } from './admin-sections.ts';

export interface PagedList {
  readonly pageNumber: number;
  readonly pagesKnown: number;
  readonly isFetching: boolean;
  goTo(pageNumber: number): void;
}

/** Pages 1..n known so far, open-ended while the server says more follow; nothing when there is one page. */
export function CursorPagination({ list, more }: { list: PagedList; more: boolean }) {
  if (list.pagesKnown <= 1 && !more) return null;
  return (
    <Pagination
      currentPageIndex={list.pageNumber}
      pagesCount={list.pagesKnown}
      openEnd={more}
      disabled={list.isFetching}
      ariaLabels={{ nextPageLabel: 'Next', previousPageLabel: 'Previous', pageLabel: (n) => `Page ${n}` }}
      onChange={({ detail }) => list.goTo(detail.currentPageIndex)}
    />
  );
}

/** A table's empty state when its list failed to load: what went wrong, and Retry. */
export function LoadFailed({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Box textAlign="center" color="inherit">
      <b>Unable to load {what}</b>
      <Box padding={{ bottom: 's' }} variant="p" color="inherit">
        {errorMessage(error)}
      </Box>
      <Button onClick={retry}>Retry</Button>
    </Box>
  );
}

/** A list paged by useCursorPages, as the table reads it. */
export interface CursorList<T> extends PagedList {
  readonly data?: { readonly items: readonly T[]; readonly nextCursor?: string };
  readonly isLoading: boolean;
  readonly isPlaceholderData: boolean;
  readonly isError: boolean;
  readonly error: unknown;
  refetch(): unknown;
}

export interface CursorTableProps<T> extends Pick<TableProps<T>, 'columnDefinitions' | 'columnDisplay' | 'filter'> {
  readonly section: AdminSection;
  readonly list: CursorList<T>;
  /** The items in the admin's words, plural ('claims', 'reported reviews'): "Loading …", "Unable to load …". */
  readonly what: string;
  readonly tableLabel: string;
  /** Beside the heading: '(12)', '(3 open)'. */
  readonly counter?: string;
  /** The heading's buttons ('New post'). */
  readonly actions?: ReactNode;
  /** What an empty list says: a title, where its items come from, and a way to add one if there is. */
  readonly empty: { readonly title: string; readonly text: string; readonly action?: ReactNode };
}

/**
 * A section's list as a full-page table: the section's title and purpose as its heading, a loading state
 * while a page is on its way, numbered pages, and an empty state that says why (nothing yet, or the list
 * failed to load, with Retry).
 */
export function CursorTable<T extends { id: string }>({ section, list, what, tableLabel, counter, actions, empty, ...table }: CursorTableProps<T>) {
  return (
    <Table
      {...table}
      variant="full-page"
      stickyHeader
      wrapLines
      trackBy="id"
      items={list.data?.items ?? []}
      loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
      loadingText={`Loading ${what}`}
      ariaLabels={{ tableLabel }}
      header={
        <Header variant="awsui-h1-sticky" counter={counter} description={section.purpose} actions={actions}>
          {section.title}
        </Header>
      }
      pagination={<CursorPagination list={list} more={Boolean(list.data?.nextCursor)} />}
      empty={
        list.isError ? (
          <LoadFailed what={what} error={list.error} retry={() => void list.refetch()} />
        ) : (
          <Box textAlign="center" color="inherit">
            <b>{empty.title}</b>
            <Box variant="p" color="inherit">
              {empty.text}
            </Box>
            {empty.action}
          </Box>
        )
      }
    />
  );
}

export interface DecisionModalProps {
  readonly visible: boolean;
  readonly header: string;
  /** The confirm button's word: 'Approve', 'Reject', 'Deny'. */
  readonly confirmText: string;
  /** What the decision does, one or two sentences. */
  readonly sentence: ReactNode;
  /** Whom the notes are for: 'the organizer', 'the applicant'. */
  readonly notesFor: string;
  readonly notes: string;
  readonly notesMax: number;
  /** The notes field's description, when the notes are not for the person the decision is about (a moderation record). */
  readonly notesDescription?: string;
  onNotesChange(notes: string): void;
  onCancel(): void;
  onConfirm(): void;
}

export interface ConfirmModalProps {
  readonly visible: boolean;
  readonly header: string;
  /** The confirm button's word: 'Delete', 'Approve'. */
  readonly confirmText: string;
  /** The button that leaves everything as it was; 'Cancel' unless said. */
  readonly cancelText?: string;
  readonly confirmDisabled?: boolean;
  readonly children: ReactNode;
  onCancel(): void;
  onConfirm(): void;
}

/** Asks before an action: what it does, Cancel (or closing the dialog) and the primary button that does it. */
export function ConfirmModal({ visible, header, confirmText, cancelText = 'Cancel', confirmDisabled, children, onCancel, onConfirm }: ConfirmModalProps) {
  return (
    <Modal
      visible={visible}
      onDismiss={onCancel}
      header={header}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween size="xs" direction="horizontal">
            <Button variant="link" onClick={onCancel}>
              {cancelText}
            </Button>
            <Button variant="primary" disabled={confirmDisabled} onClick={onConfirm}>
              {confirmText}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {children}
    </Modal>
  );
}

/** Confirms a decision, with optional notes the person it is about will see (at most `notesMax` characters). */
export function DecisionModal({ sentence, notesFor, notes, notesMax, notesDescription, onNotesChange, ...confirm }: DecisionModalProps) {
  const notesError = notes.length > notesMax ? `Notes must be at most ${notesMax} characters` : undefined;
  const label = `Notes for ${notesFor}`;
  return (
    <ConfirmModal {...confirm} confirmDisabled={notesError !== undefined}>
      <SpaceBetween size="m">
        <Box variant="p">{sentence}</Box>
        <FormField label={label} description={notesDescription ?? `Optional. ${notesFor[0]!.toUpperCase()}${notesFor.slice(1)} sees them with their request.`} errorText={notesError}>
          <Textarea value={notes} onChange={({ detail }) => onNotesChange(detail.value)} rows={3} ariaLabel={label} />
        </FormField>
      </SpaceBetween>
    </ConfirmModal>
  );
}
