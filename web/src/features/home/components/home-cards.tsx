import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../components/button.tsx';
import { ArrowRightIcon, CoachIcon, SearchIcon, StarIcon } from '../../../components/icons.tsx';

/** The home page's section heading and link cards, shared by the visitor's sections and the signed-in ones. */
export function FeatureSection({ title, lede, signedIn }: { title: string; lede: string; signedIn: boolean }) {
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

export function JourneyCta() {
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

export function SectionHeading({ id, title, lede, eyebrow }: { id: string; title: string; lede?: string; eyebrow?: string }) {
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

export function ActionCard({ icon, title, text, to, cta }: { icon: ReactNode; title: string; text: string; to: string; cta: string }) {
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
