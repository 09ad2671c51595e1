/**
 * /settings (signed in): who is signed in, a link to the notification settings, "Download your data" (the export panel) and "Delete your account". The
 * delete section says plainly what deleting removes, what it keeps and that it cannot be undone before anything
 * is asked; the confirmation (delete-account-dialog.tsx) asks what becomes of the person's reviews and recaps and
 * for the account's e-mail typed again.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { roleSatisfies, type Role } from '#shared/roles';
import { ADMIN_KEEPS_ACCOUNT, FORMER_MEMBER } from '#shared/schemas/account-deletion';
import { buttonClass } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useMe } from '../../../lib/use-me.ts';
import { DataExportPanel } from '../components/data-export-panel.tsx';
import { DeleteAccountDialog } from '../components/delete-account-dialog.tsx';
import './settings-page.css';

/** Signed-in only (the router wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Sign in to see your account, download your data or delete your account.',
  loadingLabel: 'Loading your account settings',
};

const ROLE_LABELS: Readonly<Record<Role, string>> = {
  athlete: 'Athlete',
  organizer: 'Organizer',
  admin: 'Admin',
  superadmin: 'Super admin',
};

function SignedInSection() {
  const me = useMe();
  let body;
  if (me.isPending) body = <LoadingBlock label="Loading your account" />;
  else if (me.isError) body = <LoadErrorPanel title="Your account details could not load" error={me.error} retry={() => void me.refetch()} />;
  else {
    const name = [me.data.firstName, me.data.lastName].filter(Boolean).join(' ');
    body = (
      <dl className="settings__facts">
        <div>
          <dt>Name</dt>
          <dd>{name || 'Not given'}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd className="settings__email">{me.data.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[me.data.role]}</dd>
        </div>
      </dl>
    );
  }
  return (
    <section className="settings__card" aria-labelledby="settings-account-title">
      <h2 id="settings-account-title" className="settings__title">
        Signed in as
      </h2>
      {body}
    </section>
  );
}

/** `staff`: an admin or super admin, whom the server refuses (they keep the account while they hold the role). */
function DeleteSection({ email, staff }: { email: string; staff: boolean }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Back to the opener once the dialog is gone: while a modal dialog is open the page behind it cannot take focus.
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    opener.current?.focus();
  }, [open]);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };
  return (
    <section className="settings__card settings__card--danger" aria-labelledby="settings-delete-title">
      <h2 id="settings-delete-title" className="settings__title">
        Delete your account
      </h2>
      <p>Deleting your account removes you from RaceFinder. This is what happens:</p>
      <ul className="settings__list">
        <li>
          <strong>Deleted:</strong> your sign-in, profile, training logs, training plans, goals, coach chat, saved races, saved searches, race
          checklists, calendar feeds, notifications and data exports.
        </li>
        <li>
          <strong>Your choice:</strong> your reviews and recaps are deleted too, or stay on their races signed “{FORMER_MEMBER}”. You choose when
          you confirm.
        </li>
        <li>
          <strong>Events you run as an organizer</strong> stay listed without you as their organizer; those still in review go back to the
          RaceFinder team.
        </li>
        <li>
          <strong>Payment records of promotions</strong> are kept for accounting, without your name or e-mail address.
        </li>
      </ul>
      <p className="settings__warning">This cannot be undone. Download your data first if you want to keep a copy.</p>
      {staff ? (
        <p>{ADMIN_KEEPS_ACCOUNT}</p>
      ) : (
        <div>
          <button ref={opener} type="button" className={buttonClass({ variant: 'danger' })} onClick={() => setOpen(true)}>
            Delete my account…
          </button>
        </div>
      )}
      {open ? <DeleteAccountDialog email={email} onCancel={close} /> : null}
    </section>
  );
}

export default function SettingsPage() {
  useDocumentTitle('Account settings');
  const { user } = useAuth();
  const me = useMe();
  // The role gate renders this only for a signed-in user.
  if (!user) return null;
  return (
    <>
      <PageHeader title="Account settings" lede="Your account, a copy of your data, and deleting your account." />
      <div className="container settings">
        <SignedInSection />
        <section className="settings__card" aria-labelledby="settings-notifications-title">
          <h2 id="settings-notifications-title" className="settings__title">
            Notifications
          </h2>
          <p>Choose which messages RaceFinder sends you in the app and by e-mail: decisions, changes to races you saved, new races for your searches.</p>
          <div>
            <Link className={buttonClass({})} to="/settings/notifications">
              Notification settings
            </Link>
          </div>
        </section>
        {/* The panel is a section of its own, titled "Download your data". */}
        <div className="settings__card">
          <DataExportPanel />
        </div>
        <DeleteSection email={me.data?.email ?? user.email} staff={me.data ? roleSatisfies(me.data.role, 'admin') : false} />
      </div>
    </>
  );
}
