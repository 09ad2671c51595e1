import { lazy, Suspense } from 'react';
import { parseNear } from '#shared/near';
import { HOME_NEAR_RADIUS } from '#shared/schemas/home-feed';
import type { EventSummary } from '#shared/schemas/search';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useMe } from '../../../lib/use-me.ts';
import { greeting } from '../../../lib/greeting.ts';
import { useHomeFeed } from '../api/use-home-feed.ts';
import { FeatureSection, JourneyCta } from './home-cards.tsx';
import { NextRace, RaceSection, type RenderEvent } from './home-races.tsx';

const loadRoleSections = () => import('./home-role-sections.tsx');
const RoleSections = lazy(loadRoleSections);

export interface SavedRaces {
  /** The soonest saved race dated today or later. */
  next: EventSummary | undefined;
  isLoading: boolean;
  error: unknown;
  retry(): void;
}

export interface HomeSectionsProps {
  renderEvent: RenderEvent;
  savedRaces: SavedRaces;
  /** Today in US Eastern time (the countdown's day). */
  today: string;
}

/**
 * Everything below the hero, in a chunk of its own (the public first load stays small): real races from one
 * call (featured, upcoming, and near a signed-in athlete's profile location), the athlete's next saved race
 * first when signed in, then what the person's role can do. The role comes from /api/me only.
 */
export function HomeSections({ renderEvent, savedRaces, today }: HomeSectionsProps) {
  const { status } = useAuth();
  const me = useMe();
  const signedIn = status === 'signedIn';
  const location = signedIn ? me.data?.location?.trim() : undefined;
  const near = location && parseNear(location) ? location : undefined;
  const feed = useHomeFeed(near, status === 'signedOut' || (signedIn && me.isSuccess));
  const retryFeed = () => void feed.refetch();

  if (status === 'loading') return <LoadingBlock label="Loading" />;
  const featured = (
    <RaceSection
      id="home-featured"
      title="Featured races"
      lede="Promoted by their organizers and picked by the RaceFinder team."
      events={feed.data?.featured}
      isLoading={feed.isPending}
      error={feed.error}
      retry={retryFeed}
      empty="No featured races right now. Browse every upcoming race instead."
      more={{ to: '/events', label: 'See all races' }}
      renderEvent={renderEvent}
    />
  );
  const upcoming = (
    <RaceSection
      id="home-upcoming"
      title="Upcoming races"
      lede="The next races on the calendar, across the country."
      events={feed.data?.upcoming}
      isLoading={feed.isPending}
      error={feed.error}
      retry={retryFeed}
      empty="No upcoming races are listed yet."
      more={{ to: '/events', label: 'See all upcoming races' }}
      renderEvent={renderEvent}
    />
  );
  if (status === 'signedOut') {
    return (
      <>
        {featured}
        {upcoming}
        <FeatureSection title="Everything You Need to Succeed" lede="From finding the right race to crossing the finish line." signedIn={false} />
        <JourneyCta />
      </>
    );
  }
  // Fetch the signed-in sections' chunk while the profile is on its way (the import runs once).
  void loadRoleSections();
  if (me.isPending) return <LoadingBlock label="Loading your profile" />;
  if (me.isError) {
    return (
      <section className="home-section container">
        <Alert tone="error" title="We couldn't load your profile">
          <p>{errorMessage(me.error)}</p>
          <Button size="sm" className="home-retry" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </Alert>
      </section>
    );
  }
  const { role } = me.data;
  const welcome = greeting(me.data);
  const roleSections = (
    <Suspense fallback={<LoadingBlock label="Loading your profile" />}>
      <RoleSections role={role} greeting={welcome} />
    </Suspense>
  );
  const nearby = feed.data?.near;
  const place = nearby?.origin?.label ?? location;
  return (
    <>
      {role === 'athlete' || savedRaces.next ? (
        <NextRace {...savedRaces} event={savedRaces.next} today={today} greeting={role === 'athlete' ? welcome : undefined} />
      ) : null}
      {near && (feed.isPending || nearby?.origin) ? (
        <RaceSection
          id="home-near"
          title={`Races near ${place}`}
          lede={`Within ${HOME_NEAR_RADIUS} miles, soonest first.`}
          events={nearby?.items}
          isLoading={feed.isPending}
          error={feed.error}
          retry={retryFeed}
          empty={`No upcoming races within ${HOME_NEAR_RADIUS} miles yet.`}
          more={{ to: `/local?${new URLSearchParams({ near, radius: String(HOME_NEAR_RADIUS) }).toString()}`, label: 'See races near you' }}
          renderEvent={renderEvent}
        />
      ) : null}
      {role === 'athlete' ? null : roleSections}
      {featured}
      {upcoming}
      {/* An athlete's page is about races first; the toolkit and the organizer invitation come last. */}
      {role === 'athlete' ? roleSections : null}
    </>
  );
}
