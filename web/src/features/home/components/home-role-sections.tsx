import type { Role } from '#shared/roles';
import { ButtonLink } from '../../../components/button.tsx';
import { ArrowRightIcon, FlagIcon, GaugeIcon, GlobeIcon, PlusIcon, ShieldIcon } from '../../../components/icons.tsx';
import { ActionCard, FeatureSection, SectionHeading } from './home-cards.tsx';

/**
 * What the home page shows a signed-in person by role. A chunk of its own: visitors (most first visits) never
 * need it, and a signed-in visit fetches it while /api/me is on its way. (Greeting: the athlete's is on
 * their next race, above.)
 */
export default function SignedInSections({ role, greeting }: { role: Role; greeting: string }) {
  if (role === 'superadmin') {
    return (
      <section className="home-section container" aria-labelledby="home-role-title">
        <SectionHeading id="home-role-title" eyebrow={greeting} title="Platform Management" lede="Everything you look after, one click away." />
        <div className="card-grid card-grid--3">
          <ActionCard icon={<ShieldIcon />} title="System Management" text="Organizer applications, platform figures and every admin section." to="/superadmin" cta="Open Super Admin" />
          <ActionCard icon={<GaugeIcon />} title="Admin Panel" text="Import events and review the catalogue." to="/admin" cta="Open Admin Panel" />
          <ActionCard icon={<GlobeIcon />} title="Platform Overview" text="See the event catalogue the way athletes see it." to="/events" cta="Browse events" />
        </div>
      </section>
    );
  }
  const portal = (
    <section className="home-section container" aria-labelledby="home-role-title">
      <SectionHeading id="home-role-title" eyebrow={greeting} title="Event Organizer Portal" lede="Manage your events, claims and promotions." />
      <div className="card-grid card-grid--2">
        <ActionCard icon={<FlagIcon />} title="Organizer Dashboard" text="Your claims, promotions and the events you run." to="/organizer-dashboard" cta="Open dashboard" />
        <ActionCard icon={<PlusIcon />} title="Create New Event" text="Add a race to the catalogue; it is published after review." to="/create-event" cta="Create event" />
      </div>
    </section>
  );
  if (role === 'admin') return portal;
  if (role === 'organizer') {
    return (
      <>
        {portal}
        <FeatureSection title="Your race toolkit" lede="Find races, train for them and tell others how they went." signedIn />
      </>
    );
  }
  // An athlete's page leads with their next race (home-races.tsx); the organizer invitation comes last.
  return (
    <>
      <FeatureSection title="Your race toolkit" lede="Find races, train for them and tell others how they went." signedIn />
      <section className="home-section container" aria-labelledby="home-role-title">
        <div className="organizer-banner">
          <div>
            <p className="section-eyebrow">For race organizers</p>
            <h2 id="home-role-title" className="organizer-banner__title">
              Become an Event Organizer
            </h2>
            <p className="organizer-banner__text">Run races? Apply for organizer access to claim your events, create new ones and promote them.</p>
          </div>
          <ButtonLink to="/apply-organizer" variant="primary" size="lg">
            Apply now
            <ArrowRightIcon size={18} />
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

