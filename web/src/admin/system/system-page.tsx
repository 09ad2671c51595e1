/**
 * /admin/system: System Health (measured now), Configuration (stored on the server) and Data Migrations (their
 * records), plus Monitoring links
 * when the deployment carries them. The spec's static sample figures (storage, CPU, logs, restart buttons)
 * are left out on purpose: nothing here is shown that was not measured or stored.
 */
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useState } from 'react';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { ADMIN_SECTIONS } from '../admin-sections.ts';
import { ConfigPanel } from './config-panel.tsx';
import { HealthPanel } from './health-panel.tsx';
import { MigrationsPanel } from './migrations-panel.tsx';
import { MonitoringSection } from './monitoring-section.tsx';

const section = ADMIN_SECTIONS.find((candidate) => candidate.path === 'system')!;

export function SystemPage() {
  useDocumentTitle(section.title);
  const [tab, setTab] = useState('health');
  const operations = useAuth().config?.operations;
  return (
    <ContentLayout header={<Header variant="h1" description={section.purpose}>{section.title}</Header>}>
      <SpaceBetween size="l">
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId)}
          ariaLabel="System"
          // On a phone the three tabs scroll; their arrows need names (axe).
          i18nStrings={{ scrollLeftAriaLabel: 'Earlier tabs', scrollRightAriaLabel: 'Later tabs' }}
          tabs={[
            { id: 'health', label: 'System Health', content: <HealthPanel /> },
            { id: 'configuration', label: 'Configuration', content: <ConfigPanel /> },
            { id: 'migrations', label: 'Data Migrations', content: <MigrationsPanel /> },
          ]}
        />
        {operations ? <MonitoringSection operations={operations} /> : null}
      </SpaceBetween>
    </ContentLayout>
  );
}
