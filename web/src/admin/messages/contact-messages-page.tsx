/**
 * /admin/messages: what people send through the contact form. Open messages newest first, with the count of
 * open ones in the header; each opens in a dialog with the whole message, a Reply by e-mail link and Mark
 * handled (a handled message is kept a year, and can be opened again). Handled messages are one switch away.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CONTACT_STATUSES, CONTACT_TOPIC_LABELS, type ContactStatus } from '#shared/contact';
import type { ContactMessage } from '#shared/schemas/contact-message';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import type { AdminSection } from '../admin-sections.ts';
import { CursorTable } from '../queue-parts.tsx';
import { useFlashes } from '../use-flashes.ts';
import { useNarrowScreen } from '../use-narrow-screen.ts';
import { useQueueDecision } from '../use-queue-decision.ts';
import { dateTime, messageColumns } from './message-columns.tsx';
import { useContactMessages, useSetMessageStatus } from './use-contact-messages.ts';
import './contact-messages.css';

const STATUS_TEXT: Record<ContactStatus, string> = { open: 'Open', handled: 'Handled' };

function statusFrom(value: string | null): ContactStatus {
  return (CONTACT_STATUSES as readonly string[]).includes(value ?? '') ? (value as ContactStatus) : 'open';
}

/** A mailto: link answering the message, its subject naming the topic. */
function replyHref(message: ContactMessage): string {
  return `mailto:${message.email}?subject=${encodeURIComponent(`Re: your message to RaceFinder (${CONTACT_TOPIC_LABELS[message.topic]})`)}`;
}

export function ContactMessagesPage({ section }: { section: AdminSection }) {
  useDocumentTitle(section.title);
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const list = useContactMessages(status);
  const narrow = useNarrowScreen();
  const { items: flashItems, flash } = useFlashes();
  const [reading, setReading] = useState<ContactMessage | undefined>();
  const setStatus = useSetMessageStatus();
  const { busy, decideNow: change } = useQueueDecision<ContactMessage, ContactStatus>({
    idOf: (message) => message.id,
    send: async (message, next) => {
      const updated = await setStatus(message, next);
      // The open dialog shows the message as it now is.
      setReading((current) => (current?.id === updated.id ? updated : current));
    },
    succeeded: (message, next) =>
      next === 'handled'
        ? { header: 'Message marked handled', content: `The message from ${message.name} moved to Handled.` }
        : { header: 'Message open again', content: `The message from ${message.name} is back in Open.` },
    failedHeader: (next) => (next === 'handled' ? 'Could not mark the message handled' : 'Could not open the message again'),
    flash,
    onSettled: () => void list.refresh(),
  });

  return (
    <SpaceBetween size="m">
      <Flashbar items={flashItems} />
      <CursorTable
        section={section}
        list={list}
        what="messages"
        tableLabel={`${STATUS_TEXT[status]} contact messages`}
        counter={list.data ? `(${list.data.openCount.toLocaleString('en-US')} open)` : undefined}
        columnDefinitions={messageColumns({ busy, onOpen: setReading, onMarkHandled: (message) => change(message, 'handled') })}
        columnDisplay={narrow ? ['from', 'topic', 'message', 'received', 'actions'].map((id) => ({ id, visible: ['from', 'topic', 'actions'].includes(id) })) : undefined}
        filter={
          <SegmentedControl
            label="Messages to show"
            selectedId={status}
            options={CONTACT_STATUSES.map((id) => ({ id, text: STATUS_TEXT[id] }))}
            onChange={({ detail }) => setParams(detail.selectedId === 'open' ? {} : { status: detail.selectedId }, { replace: true })}
          />
        }
        empty={
          status === 'open'
            ? { title: 'No open messages', text: 'Messages people send through the contact form appear here.' }
            : { title: 'No handled messages', text: 'Messages you mark handled appear here for a year, newest first.' }
        }
      />
      <Modal
        visible={reading !== undefined}
        onDismiss={() => setReading(undefined)}
        header={reading ? `Message from ${reading.name}` : ''}
        closeAriaLabel="Close"
        footer={
          reading ? (
            <Box float="right">
              <SpaceBetween size="xs" direction="horizontal">
                <Button variant="link" onClick={() => setReading(undefined)}>
                  Close
                </Button>
                <Button href={replyHref(reading)} iconName="envelope">
                  Reply by e-mail
                </Button>
                {reading.status === 'open' ? (
                  <Button variant="primary" loading={busy.has(reading.id)} onClick={() => change(reading, 'handled')}>
                    Mark handled
                  </Button>
                ) : (
                  <Button loading={busy.has(reading.id)} onClick={() => change(reading, 'open')}>
                    Open again
                  </Button>
                )}
              </SpaceBetween>
            </Box>
          ) : null
        }
      >
        {reading ? (
          <SpaceBetween size="l">
            <KeyValuePairs
              columns={2}
              items={[
                { label: 'From', value: reading.name },
                { label: 'E-mail', value: <Link href={replyHref(reading)}>{reading.email}</Link> },
                { label: 'Topic', value: CONTACT_TOPIC_LABELS[reading.topic] },
                { label: 'Received', value: dateTime(reading.createdAt) },
                {
                  label: 'Status',
                  value:
                    reading.status === 'open' ? (
                      <StatusIndicator type="pending">Open</StatusIndicator>
                    ) : (
                      <StatusIndicator type="success">Handled {reading.handledAt ? dateTime(reading.handledAt) : ''}</StatusIndicator>
                    ),
                },
              ]}
            />
            <Box variant="p">
              <span className="contact-message-text">{reading.message}</span>
            </Box>
          </SpaceBetween>
        ) : null}
      </Modal>
    </SpaceBetween>
  );
}
