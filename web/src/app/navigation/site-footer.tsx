import { Link } from 'react-router-dom';
import { ContactDetails } from '../../components/contact-details.tsx';
import { LogoMark } from '../../components/logo.tsx';
import { useSiteContact } from '../../lib/site-contact.ts';
import { NewsletterForm } from './newsletter-form.tsx';
import './site-footer.css';

const COLUMNS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'Discover',
    links: [
      { to: '/events', label: 'Find Events' },
      { to: '/calendar', label: 'Race Calendar' },
      { to: '/local', label: 'Races Near You' },
      { to: '/organizers', label: 'Event Organizers' },
      { to: '/reviews', label: 'Race Reviews' },
      { to: '/charity-races', label: 'Charity Races' },
      { to: '/leaderboard', label: 'Leaderboard' },
    ],
  },
  {
    title: 'Train',
    links: [
      { to: '/training', label: 'Training Hub' },
      { to: '/ai-coach', label: 'AI Coach' },
      { to: '/training-dashboard', label: 'Training Dashboard' },
      { to: '/training-journal', label: 'Training Journal' },
      { to: '/pacing-calculator', label: 'Pacing Calculator' },
      { to: '/race-checklist', label: 'Race Checklist' },
      { to: '/weather-tracker', label: 'Weather Tracker' },
    ],
  },
  {
    title: 'Organizers',
    links: [
      { to: '/submit-event', label: 'Submit an Event' },
      { to: '/claim-event', label: 'Claim an Event' },
      { to: '/promote-event', label: 'Promote an Event' },
      { to: '/apply-organizer', label: 'Become an Organizer' },
      { to: '/sponsorship', label: 'Sponsorship' },
      { to: '/corporate', label: 'Corporate Wellness' },
      { to: '/partners', label: 'Partners' },
    ],
  },
  {
    title: 'Community',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/community', label: 'Community' },
      { to: '/athlete-spotlights', label: 'Athlete Spotlights' },
      { to: '/submit-race-recap', label: 'Submit a Race Recap' },
      { to: '/ambassador-program', label: 'Ambassador Program' },
      { to: '/volunteer', label: 'Volunteer' },
    ],
  },
  {
    title: 'RaceFinder',
    links: [
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/faq', label: 'FAQ' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  // From the deployment's configuration (/config.json): no contact detail is written in code.
  const contact = useSiteContact();
  return (
    <footer className="site-footer">
      <div className="container">
        <NewsletterForm />
        <div className="site-footer__grid">
          <div className="site-footer__brand">
            <p className="site-footer__logo">
              <LogoMark />
              <span>RaceFinder</span>
            </p>
            <p>Find races, get AI-powered coaching, and share your experiences.</p>
            <div className="site-footer__contact">
              <ContactDetails contact={contact} tone="dark" />
              <p>
                Questions or feedback? <Link to="/contact">Contact us</Link>.
              </p>
            </div>
          </div>
          {COLUMNS.map((column) => (
            <nav key={column.title} className="site-footer__column" aria-label={column.title}>
              <h2 className="site-footer__heading">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="site-footer__bottom">
          <p>© {year} RaceFinder. All rights reserved.</p>
          <p className="site-footer__legal">
            <Link to="/terms">Terms</Link>
            <Link to="/privacy">Privacy</Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
