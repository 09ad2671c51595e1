import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { CONTACT_TOPIC_LABELS } from '#shared/contact';
import type { ContactMessage } from '#shared/schemas/contact-message';

export const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The first words of a message, on one line, for the table. */
function excerpt(text: string, max = 110): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The inbox's columns: the message opens in a dialog; open messages can be marked handled from the row. */
export function messageColumns({ busy, onOpen, onMarkHandled }: { busy: ReadonlySet<string>; onOpen(message: ContactMessage): void; onMarkHandled(message: ContactMessage): void }) {
  const columns: TableProps.ColumnDefinition<ContactMessage>[] = [
    {
      id: 'from',
      header: 'From',
      isRowHeader: true,
      cell: (message) => (
        <SpaceBetween size="xxxs">
          <Button variant="inline-link" ariaLabel={`Read the message from ${message.name}`} onClick={() => onOpen(message)}>
            {message.name}
          </Button>
          <Box color="text-body-secondary" fontSize="body-s">
            {message.email}
          </Box>
        </SpaceBetween>
      ),
    },
    { id: 'topic', header: 'Topic', cell: (message) => CONTACT_TOPIC_LABELS[message.topic] },
    { id: 'message', header: 'Message', cell: (message) => excerpt(message.message), minWidth: 240 },
    { id: 'received', header: 'Received', cell: (message) => dateTime(message.createdAt) },
    {
      id: 'actions',
      header: 'Actions',
      cell: (message) =>
        message.status === 'open' ? (
          <Button wrapText={false} disabled={busy.has(message.id)} ariaLabel={`Mark the message from ${message.name} handled`} onClick={() => onMarkHandled(message)}>
            Mark handled
          </Button>
        ) : (
          <Box color="text-body-secondary" fontSize="body-s">
            Handled {message.handledAt ? dateTime(message.handledAt) : ''}
          </Box>
        ),
    },
  ];
  return columns;
}
