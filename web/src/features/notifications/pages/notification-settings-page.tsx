/**
 * /settings/notifications (signed in): one row per kind of message with an In-app and an E-mail switch.
 * Account decisions and receipts are always sent, so their switches show on and cannot be changed; when the
 * site has paused optional e-mail, the page says so and keeps the person's choices for when it resumes.
 */
import { useState } from 'react';
import type { NotificationSettings } from '#shared/schemas/inbox';
import type { NotificationKind, NotificationPreferences } from '#shared/schemas/notifications';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/use-notification-settings.ts';
import './notification-settings-page.css';

export const gate: PageGate = {
  signInText: 'Sign in to choose which messages RaceFinder sends you, in the app and by e-mail.',
  loadingLabel: 'Loading your notification settings',
};

type Switches = Record<NotificationKind, { inApp: boolean; email: boolean }>;

const switchesOf = (settings: NotificationSettings): Switches =>
  Object.fromEntries(settings.rows.map((row) => [row.kind, { inApp: row.inApp, email: row.email }])) as Switches;

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  const [switches, setSwitches] = useState<Switches>(() => switchesOf(settings));
  const saved = switchesOf(settings);
  const changed = settings.rows.some(
    (row) => switches[row.kind].inApp !== saved[row.kind].inApp || switches[row.kind].email !== saved[row.kind].email,
  );

  const flip = (kind: NotificationKind, channel: 'inApp' | 'email') => {
    save.reset();
    setSwitches((current) => ({
      ...current,
      [kind]: { ...current[kind], [channel]: !current[kind][channel] },
    }));
  };
  const submit = () => {
    const preferences: NotificationPreferences = {};
    for (const row of settings.rows) if (!row.essential) preferences[row.kind] = switches[row.kind];
    save.mutate(preferences);
  };

  return (
    <form
      className="notification-settings"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {settings.emailNotifications ? null : (
        <Alert tone="info" title="Optional e-mail is paused">
          <p>
            RaceFinder is not sending optional e-mail right now. Your choices below are kept and apply again when it resumes; account decisions and
            receipts are still e-mailed.
          </p>
        </Alert>
      )}
      <table className="notification-settings__table">
        <caption className="visually-hidden">Where each kind of message goes</caption>
        <thead>
          <tr>
            <th scope="col">Message</th>
            <th scope="col">In the app</th>
            <th scope="col">By e-mail</th>
          </tr>
        </thead>
        <tbody>
          {settings.rows.map((row) => (
            <tr key={row.kind}>
              <th scope="row">
                {row.label}
                {row.essential ? <span className="notification-settings__always">Always sent</span> : null}
              </th>
              {(['inApp', 'email'] as const).map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    aria-label={`${row.label}: ${channel === 'inApp' ? 'in the app' : 'by e-mail'}`}
                    checked={row.essential || switches[row.kind][channel]}
                    disabled={row.essential}
                    onChange={() => flip(row.kind, channel)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {save.isError ? (
        <Alert tone="error" title="Your settings were not saved">
          <p>{errorMessage(save.error)} Your changes are still here; press Save to try again.</p>
        </Alert>
      ) : null}
      <div className="notification-settings__actions">
        <Button type="submit" variant="primary" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <span role="status" className="notification-settings__status">
          {save.isSuccess && !changed ? 'Saved.' : changed ? 'You have unsaved changes.' : ''}
        </span>
      </div>
    </form>
  );
}

export default function NotificationSettingsPage() {
  useDocumentTitle('Notification settings');
  const settings = useNotificationSettings();
  let body;
  if (settings.isPending) body = <LoadingBlock label="Loading your notification settings" />;
  else if (settings.isError)
    body = <LoadErrorPanel title="Your notification settings could not load" error={settings.error} retry={() => void settings.refetch()} />;
  else body = <SettingsForm settings={settings.data} />;
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="Notifications"
        lede="Choose what RaceFinder tells you in the app and by e-mail. Every e-mail also has a one-click unsubscribe link."
        actions={
          <>
            <ButtonLink to="/notifications">Your notifications</ButtonLink>
            <ButtonLink to="/saved-searches">Saved searches</ButtonLink>
            <ButtonLink to="/settings">Account settings</ButtonLink>
          </>
        }
      />
      <div className="container notification-settings-page">{body}</div>
    </>
  );
}
