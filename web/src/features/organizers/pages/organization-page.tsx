/**
 * /organizers/:id: one organization: what it says about itself, its verified badge, where and what it races,
 * its counts and rating, its upcoming public events as event cards (Load more pages them), and how to reach it:
 * its website, or RaceFinder's contact page (its application's contact e-mail is not public).
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { EventSummary } from '#shared/schemas/search';
import { countOf } from '#shared/plural';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { GlobeIcon, PinIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock, Spinner } from '../../../components/spinner.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { displayHost } from '../../../lib/display-host.ts';
import { useOrganization } from '../api/use-organizations.ts';
import { RatingLine, SpecialtyTags, VerifiedBadge } from '../components/organization-parts.tsx';
import '../../../components/state-panel.css';
import '../components/organizers.css';

export const CONTACT_PATH = '/contact?topic=organizers';

export interface OrganizationPageProps {
  /** An upcoming event's card: the app composes it (the events feature's card with the save heart). */
  eventCard(event: EventSummary): ReactNode;
}

export default function OrganizationPage({ eventCard }: OrganizationPageProps) {
  const { id = '' } = useParams();
  const organization = useOrganization(id);

  if (organization.isError && organization.error instanceof ApiError && (organization.error.status === 404 || organization.error.status === 400)) {
    return (
      <StatusPage title="Organizer not found" heading="Organizer not found" text="The organizer you're looking for isn't in the directory.">
        <div className="status-page__actions">
          <ButtonLink to="/organizers" variant="primary">
            Browse organizers
          </ButtonLink>
        </div>
      </StatusPage>
    );
  }
  if (organization.isError && !organization.data) {
    return (
      <StatusPage title="Organizer" heading="We couldn't load this organizer">
        <Alert tone="error" title="Unable to load the organizer">
          <p>{errorMessage(organization.error)}</p>
        </Alert>
        <div className="status-page__actions">
          <Button variant="primary" onClick={() => void organization.refetch()} disabled={organization.isFetching}>
            {organization.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
          <ButtonLink to="/organizers">Browse organizers</ButtonLink>
        </div>
      </StatusPage>
    );
  }
  if (!organization.data) return <OrganizationLoading />;

  const [first] = organization.data.pages;
  const profile = first!;
  const events = organization.data.pages.flatMap((page) => page.events.items);
  return (
    <OrganizationView
      profile={profile}
      events={events}
      eventCard={eventCard}
      more={
        organization.isFetchingNextPage ? (
          <p role="status">
            <Spinner label="Loading" size={18} /> Loading more events...
          </p>
        ) : organization.isFetchNextPageError ? (
          <div className="state-panel state-panel--error" role="alert">
            <p className="state-panel__title">Unable to load more events</p>
            <p className="state-panel__text">{errorMessage(organization.error)}</p>
            <Button onClick={() => void organization.fetchNextPage()}>Try again</Button>
          </div>
        ) : organization.hasNextPage ? (
          <Button onClick={() => void organization.fetchNextPage()}>Load more events</Button>
        ) : null
      }
    />
  );
}

function OrganizationLoading() {
  useDocumentTitle('Organizer');
  return (
    <div className="container organizers-page">
      <LoadingBlock label="Loading organizer" />
    </div>
  );
}

type Profile = NonNullable<ReturnType<typeof useOrganization>['data']>['pages'][number];

function OrganizationView({ profile, events, eventCard, more }: { profile: Profile; events: EventSummary[]; more: ReactNode } & OrganizationPageProps) {
  useDocumentTitle(profile.name);
  return (
    <>
      <PageHeader
        eyebrow="Event organizer"
        title={profile.name}
        lede={
          <span className="org-page__header-badges">
            {profile.verified ? <VerifiedBadge /> : null}
            {profile.location ? (
              <span className="org-place">
                <PinIcon size={16} />
                {profile.location.city}, {profile.location.state}
              </span>
            ) : null}
            <RatingLine rating={profile.rating} />
          </span>
        }
        actions={<ButtonLink to="/organizers">All organizers</ButtonLink>}
      />
      <div className="container org-page">
        <div className="org-page__main">
          <section aria-labelledby="org-about">
            <h2 id="org-about" className="org-page__section-title">
              About
            </h2>
            <p className="org-page__description">{profile.description ?? `${profile.name} has not written about itself yet.`}</p>
          </section>
          <section aria-labelledby="org-upcoming">
            <h2 id="org-upcoming" className="org-page__section-title">
              Upcoming events
            </h2>
            {events.length === 0 ? (
              <div className="state-panel">
                <p className="state-panel__title">No upcoming events</p>
                <p className="state-panel__text">
                  {profile.pastEventCount > 0
                    ? `${profile.name} has ${countOf(profile.pastEventCount, 'past event')} on RaceFinder and nothing scheduled yet. Check back soon.`
                    : `${profile.name} has no public events on RaceFinder yet.`}
                </p>
                <ButtonLink to="/events">Browse all events</ButtonLink>
              </div>
            ) : (
              <>
                <ul className="org-page__events">
                  {events.map((event) => (
                    <li key={event.id}>{eventCard(event)}</li>
                  ))}
                </ul>
                <div className="org-more">{more}</div>
              </>
            )}
          </section>
        </div>
        <aside className="org-page__aside" aria-label="At a glance">
          <dl className="org-page__figures">
            <div>
              <dt>Events</dt>
              <dd>{profile.eventCount.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Upcoming</dt>
              <dd>{profile.upcomingEventCount.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Past</dt>
              <dd>{profile.pastEventCount.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Rating</dt>
              <dd>
                {profile.rating ? (
                  profile.rating.average.toFixed(1)
                ) : (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="visually-hidden">No reviews yet</span>
                  </>
                )}
              </dd>
            </div>
          </dl>
          <SpecialtyTags specialties={profile.specialties} max={9} />
          <ul className="org-page__contact" aria-label="Contact">
            {profile.websiteUrl ? (
              <li>
                <a href={profile.websiteUrl} target="_blank" rel="noopener noreferrer">
                  <GlobeIcon size={16} />
                  {displayHost(profile.websiteUrl)}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            <li>
              <Link to={CONTACT_PATH}>Contact via RaceFinder</Link>
            </li>
          </ul>
        </aside>
      </div>
    </>
  );
}
