/**
 * Monitoring: links to the CloudWatch dashboard, the alarms and the firewall (WAF) of this deployment, from
 * /config.json's `operations` (written at deploy). Shown only when the deployment has them: locally there is
 * no CloudWatch, and a link to nothing would be a fake.
 */
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import type { RuntimeConfig } from '#shared/runtime-config';

export type OperationsLinks = NonNullable<RuntimeConfig['operations']>;

export function MonitoringSection({ operations }: { operations: OperationsLinks }) {
  const links = [
    { label: 'Operations dashboard', href: operations.dashboardUrl, text: 'API errors and latency, throttles, function errors and imports.' },
    { label: 'Alarms', href: operations.alarmsUrl, text: 'What is alarming now; alarms also e-mail the operations topic.' },
    ...(operations.webAclUrl ? [{ label: 'Firewall (WAF)', href: operations.webAclUrl, text: 'Managed rules and the rate limit on /api/.' }] : []),
  ];
  return (
    <Container header={<Header variant="h2" description="In the AWS console of this deployment.">Monitoring</Header>}>
      <ColumnLayout columns={links.length} variant="text-grid">
        {links.map((link) => (
          <div key={link.label}>
            <Link href={link.href} external externalIconAriaLabel="(opens in a new tab)">
              {link.label}
            </Link>
            <Box variant="small" color="text-body-secondary" display="block">
              {link.text}
            </Box>
          </div>
        ))}
      </ColumnLayout>
    </Container>
  );
}
