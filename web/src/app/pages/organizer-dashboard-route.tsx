/**
 * /organizer-dashboard (spec 001): signed out 'Please Sign In' (the route's role gate), athletes 'Access
 * Denied' with the way to apply, and for organizers and admins the four tiles from their counters (Event
 * Claims, Approved Claims, Promotions, Active Promotions) over five tabs kept in the URL (?tab=): Claim Events,
 * Create Event, My Claims (with 'Promote Event' on approved claims), My Events (created or claimed, with their
 * review and Edit), Promotions, Analytics. The return from
 * Stripe's checkout lands here and is answered with a toast from the server's status (PaymentReturnToast).
 */
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ClaimEntry } from '#shared/schemas/claim';
import { Button, ButtonLink } from '../../components/button.tsx';
import { CheckBadgeIcon } from '../../components/detail-icons.tsx';
import { ArrowRightIcon, FlagIcon, GaugeIcon, SearchIcon, StarIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { StatusPage } from '../../components/status-page.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useRole } from '../../lib/use-me.ts';
import { mayClaim } from '../../lib/organizer-roles.ts';
import { MyClaims } from '../../features/claims/components/my-claims.tsx';
import { Tabs, type TabSpec } from '../../components/tabs.tsx';
import { Tile, TilesLoadError } from '../../components/tile.tsx';
import { AnalyticsPanel } from '../../features/organizer-events/components/analytics-panel.tsx';
import { MyEventsPanel } from '../../features/organizer-events/components/my-events-panel.tsx';
import { MyPromotionsPanel } from '../../features/promotions/components/my-promotions-panel.tsx';
import { PaymentReturnToast } from '../../features/promotions/components/payment-return.tsx';
import PromoteDialog, { type PromoteTarget } from '../../features/promotions/components/promote-dialog.tsx';
import { PromoteClaimButton } from '../../features/promotions/components/promote-claim-button.tsx';
import { useOrganizerSummary } from '../../features/organizer-dashboard/api/use-organizer-summary.ts';
import '../../components/state-panel.css';
import type { PageGate } from '../../components/role-gate.tsx';

const TAB_IDS = ['claim', 'create', 'claims', 'events', 'promotions', 'analytics'] as const;
type TabId = (typeof TAB_IDS)[number];
const isTabId = (value: string | null): value is TabId => (TAB_IDS as readonly string[]).includes(value ?? '');

/** Signed-in only (routes.tsx wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Please sign in to open the organizer dashboard.',
  loadingLabel: 'Loading the organizer dashboard',
};

export default function OrganizerDashboardPage() {
  const role = useRole();
  if (role === null) {
    return (
      <div className="status-page container">
        <LoadingBlock label="Loading your account" />
      </div>
    );
  }
  if (!mayClaim(role)) {
    return (
      <StatusPage
        heading="Access Denied"
        title="Organizer Dashboard"
        text="The organizer dashboard is for event organizers. Apply for organizer access to claim, create and promote your events."
        actions={
          <>
            <ButtonLink to="/apply-organizer" variant="primary" size="lg">
              Apply to become an organizer
            </ButtonLink>
            <ButtonLink to="/events" size="lg">
              Browse Events
            </ButtonLink>
          </>
        }
      />
    );
  }
  return <OrganizerDashboard />;
}

function OrganizerDashboard() {
  useDocumentTitle('Organizer Dashboard');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const selected: TabId = isTabId(tabParam) ? tabParam : 'claim';
  const summary = useOrganizerSummary(true);
  const counts = summary.data;
  const [promoting, setPromoting] = useState<PromoteTarget | undefined>();

  function selectTab(id: TabId) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === 'claim') next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const promoteButton = (claim: ClaimEntry) => <PromoteClaimButton claim={claim} onPromote={setPromoting} />;

  const tabs: TabSpec<TabId>[] = [
    {
      id: 'claim',
      label: 'Claim Events',
      panel: (
        <Panel
          title="Claim the races you run"
          text="Find your race in the directory, open it and choose Claim Event. Once an administrator approves the claim, the event shows 'Claimed by You' and you can promote it."
          icon={<SearchIcon size={26} />}
          action={
            <ButtonLink to="/events" variant="primary">
              Find your event
              <ArrowRightIcon size={16} />
            </ButtonLink>
          }
        />
      ),
    },
    {
      id: 'create',
      label: 'Create Event',
      panel: (
        <Panel
          title="List a new event"
          text="Not in the directory yet? Submit it with its details; an administrator reviews new events within 1-2 business days before they go public."
          icon={<FlagIcon size={26} />}
          action={
            <ButtonLink to="/create-event" variant="primary">
              Create an event
              <ArrowRightIcon size={16} />
            </ButtonLink>
          }
        />
      ),
    },
    { id: 'claims', label: 'My Claims', count: counts?.claims.total, panel: <MyClaims action={promoteButton} /> },
    {
      id: 'events',
      label: 'My Events',
      panel: (
        <MyEventsPanel
          action={(event) => (
            <Button size="sm" variant="primary" aria-haspopup="dialog" onClick={() => setPromoting(event)} aria-label={`Promote ${event.title}`}>
              Promote
            </Button>
          )}
        />
      ),
    },
    { id: 'promotions', label: 'Promotions', count: counts?.promotions.total, panel: <MyPromotionsPanel /> },
    {
      id: 'analytics',
      label: 'Analytics',
      panel: <AnalyticsPanel />,
    },
  ];

  return (
    <>
      <PaymentReturnToast />
      <PageHeader
        eyebrow="For organizers"
        title="Event Organizer Dashboard"
        lede="Claim and create your events, follow their review and promote them in search."
        actions={
          <ButtonLink to="/events">
            <SearchIcon size={18} />
            Browse Events
          </ButtonLink>
        }
      />
      <div className="container dashboard">
        <ul className="dashboard-tiles" aria-label="Summary">
          <Tile icon={<FlagIcon size={20} />} label="Event Claims" value={counts?.claims.total} />
          <Tile icon={<CheckBadgeIcon size={20} />} label="Approved Claims" value={counts?.claims.approved} />
          <Tile icon={<StarIcon size={20} />} label="Promotions" value={counts?.promotions.total} />
          <Tile icon={<GaugeIcon size={20} />} label="Active Promotions" value={counts?.promotions.active} note="Paid and approved" />
        </ul>
        {summary.isError ? <TilesLoadError error={summary.error} retry={() => void summary.refetch()} /> : null}
        <Tabs label="Organizer tools" tabs={tabs} selected={selected} onSelect={selectTab} />
      </div>
      {promoting ? <PromoteDialog event={promoting} onClose={() => setPromoting(undefined)} /> : null}
    </>
  );
}

function Panel({ title, text, icon, action }: { title: string; text: string; icon: ReactNode; action?: ReactNode }) {
  return (
    <div className="state-panel">
      <span className="state-panel__icon">{icon}</span>
      <h2 className="state-panel__title">{title}</h2>
      <p className="state-panel__text">{text}</p>
      {action}
    </div>
  );
}
