import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Role } from '#shared/roles';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { ArrowRightIcon, CoachIcon, FlagIcon, GaugeIcon, GlobeIcon, PlusIcon, SearchIcon, ShieldIcon, StarIcon } from '../../../components/icons.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useMe } from '../../../lib/use-me.ts';

/** The part of the home page below the hero, which depends on who is looking (role from /api/me only). */
export function HomeSections() {
  const { status } = useAuth();
  const me = useMe();

  if (status === 'loading') return <LoadingBlock label="Loading" />;
  if (status === 'signedOut') {
    return (
      <>
        <FeatureSection title="Everything You Need to Succeed" lede="From finding the right race to crossing the finish line." signedIn={false} />
        <JourneyCta />
      </>
    );
  }
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
  return <SignedInSections role={me.data.role} firstName={me.data.firstName} />;
}

function SignedInSections({ role, firstName }: { role: Role; firstName?: string }) {
  const greeting = firstName ? `Welcome back, ${firstName}` : 'Welcome back';
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
  return (
    <>
      {role === 'organizer' ? (
        portal
      ) : (
        <section className="home-section container" aria-labelledby="home-role-title">
          <div className="organizer-banner">
            <div>
              <p className="section-eyebrow">{greeting}</p>
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
      )}
      <FeatureSection title="Your race toolkit" lede="Find races, train for them and tell others how they went." signedIn />
    </>
  );
}

function FeatureSection({ title, lede, signedIn }: { title: string; lede: string; signedIn: boolean }) {
  return (
    <section className="home-section container" aria-labelledby="home-features-title">
      <SectionHeading id="home-features-title" title={title} lede={lede} />
      <div className="card-grid card-grid--3">
        <ActionCard
          icon={<SearchIcon />}
          title="Discover Events"
          text="Search road races, trail runs, triathlons, rides and ultras by place, date, type and distance."
          to="/events"
          cta="Browse Events"
        />
        <ActionCard
          icon={<CoachIcon />}
          title="AI Training Coach"
          text="Daily workouts and a training plan fitted to your race, with a coach you can ask anything."
          to={signedIn ? '/ai-coach' : '/auth?mode=signup'}
          cta={signedIn ? 'Start Training' : 'Sign Up to Train'}
        />
        <ActionCard
          icon={<StarIcon />}
          title="Rate & Review"
          text="Share how the course, organization and atmosphere were, and read what other athletes say."
          to={signedIn ? '/events' : '/auth?mode=signup'}
          cta={signedIn ? 'Write Review' : 'Sign Up to Review'}
        />
      </div>
    </section>
  );
}

function JourneyCta() {
  return (
    <section className="home-section container" aria-labelledby="journey-title">
      <div className="journey">
        <h2 id="journey-title" className="journey__title">
          Ready to Start Your Journey?
        </h2>
        <p className="journey__text">Create a free account to save races, train with the AI coach and review the events you run.</p>
        <div className="journey__actions">
          <ButtonLink to="/auth?mode=signup" variant="primary" size="lg">
            Get Started Free
          </ButtonLink>
          <ButtonLink to="/events" variant="on-dark" size="lg">
            Browse Events
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ id, title, lede, eyebrow }: { id: string; title: string; lede?: string; eyebrow?: string }) {
  return (
    <div className="section-heading">
      {eyebrow ? <p className="section-eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {lede ? <p className="section-lede">{lede}</p> : null}
    </div>
  );
}

function ActionCard({ icon, title, text, to, cta }: { icon: ReactNode; title: string; text: string; to: string; cta: string }) {
  return (
    <article className="action-card">
      <span className="action-card__icon">{icon}</span>
      <h3 className="action-card__title">{title}</h3>
      <p className="action-card__text">{text}</p>
      <Link to={to} className="action-card__link">
        {cta}
        <ArrowRightIcon size={16} />
      </Link>
    </article>
  );
}
