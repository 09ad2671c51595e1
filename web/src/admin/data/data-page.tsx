/**
 * /admin/data (spec 001 "Data Management"): the catalogue's and the newsletter's real figures, read from the
 * counters by GET /api/admin/overview, each table's CSV export (the newsletter's: active subscribers with
 * their unsubscribe links), and the recent exports. The spec's sample figures (database
 * size, backups) and inert maintenance buttons are left out: nothing here is made up.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useState, type ReactNode } from 'react';
import { EXPORT_TABLES, type ExportTable } from '#shared/schemas/export-job';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ADMIN_SECTIONS } from '../admin-sections.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { useAdminOverview } from '../use-admin-overview.ts';
import { tableLabel } from '../exports/export-format.ts';
import type { ExportResult } from '../exports/use-exports.ts';
import { RecentExports } from './recent-exports.tsx';

const SECTION = ADMIN_SECTIONS.find((section) => section.path === 'data')!;

function Figure({ label, value, detail }: { label: string; value: number | undefined; detail?: string }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="awsui-value-large" tagOverride="p">
        {value === undefined ? <Spinner /> : value.toLocaleString('en-US')}
      </Box>
      {detail ? <Box color="text-body-secondary">{detail}</Box> : null}
    </div>
  );
}

function TableCard({ table, children, onEnded }: { table: ExportTable; children: ReactNode; onEnded(result: ExportResult): void }) {
  return (
    <SpaceBetween size="m">
      {children}
      <ExportButton table={table} onEnded={onEnded} />
    </SpaceBetween>
  );
}

export default function DataPage() {
  useDocumentTitle(SECTION.title);
  const overview = useAdminOverview();
  const [flashes, setFlashes] = useState<FlashbarProps.MessageDefinition[]>([]);
  const figures = overview.data;

  const dismiss = useCallback((id: string) => setFlashes((items) => items.filter((item) => item.id !== id)), []);
  const announce = useCallback(
    (result: ExportResult) => {
      const id = `${result.table}-${result.job?.id ?? Date.now()}`;
      const label = tableLabel(result.table);
      const message: FlashbarProps.MessageDefinition =
        result.status === 'completed'
          ? { type: 'success', header: 'Export Successful', content: `${label} data exported successfully` }
          : { type: 'error', header: 'Export Failed', content: `Failed to export ${result.table} data` };
      setFlashes((items) => [{ ...message, id, dismissible: true, dismissLabel: 'Dismiss', onDismiss: () => dismiss(id) }, ...items.filter((item) => item.id !== id)]);
    },
    [dismiss],
  );
  const downloadFailed = useCallback(
    (content: string) => {
      const id = `download-${Date.now()}`;
      setFlashes((items) => [{ type: 'error', header: 'Download Failed', content, id, dismissible: true, dismissLabel: 'Dismiss', onDismiss: () => dismiss(id) }, ...items]);
    },
    [dismiss],
  );

  return (
    <ContentLayout
      header={
        <SpaceBetween size="m">
          <Header variant="h1" description={SECTION.purpose}>
            {SECTION.title}
          </Header>
          <Flashbar items={flashes} />
        </SpaceBetween>
      }
    >
      <SpaceBetween size="l">
        <Container
          header={
            <Header variant="h2" description="Counts kept with every write; each export writes a CSV file of the whole table.">
              Tables
            </Header>
          }
        >
          {overview.isError ? (
            <SpaceBetween size="m">
              <Alert type="error" header="Failed to load database statistics" action={<Button onClick={() => void overview.refetch()}>Retry</Button>}>
                The exports below still work.
              </Alert>
              <ColumnLayout columns={4} variant="text-grid">
                {EXPORT_TABLES.map((table) => (
                  <ExportButton key={table} table={table} onEnded={announce} />
                ))}
              </ColumnLayout>
            </SpaceBetween>
          ) : (
            <ColumnLayout columns={4} variant="text-grid">
              <TableCard table="events" onEnded={announce}>
                <Figure
                  label="Events"
                  value={figures?.events.total}
                  detail={figures ? `${figures.events.verified.toLocaleString('en-US')} verified, ${figures.events.featured.toLocaleString('en-US')} featured` : undefined}
                />
              </TableCard>
              <TableCard table="users" onEnded={announce}>
                <Figure
                  label="Users"
                  value={figures?.users.total}
                  detail={figures ? `${figures.users.createdThisMonth.toLocaleString('en-US')} joined this month` : undefined}
                />
              </TableCard>
              <TableCard table="organizations" onEnded={announce}>
                <Figure label="Organizations" value={figures?.organizations.total} />
              </TableCard>
              <TableCard table="newsletter" onEnded={announce}>
                <Figure
                  label="Newsletter subscribers"
                  value={figures?.newsletter.active}
                  detail={figures ? `${figures.newsletter.unsubscribed.toLocaleString('en-US')} unsubscribed` : undefined}
                />
              </TableCard>
            </ColumnLayout>
          )}
        </Container>
        <RecentExports onDownloadFailed={downloadFailed} />
      </SpaceBetween>
    </ContentLayout>
  );
}
