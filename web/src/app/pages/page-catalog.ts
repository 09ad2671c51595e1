/**
 * Pages of the product's route table that later issues build. Until then each shows its title and one plain
 * line saying what it will be. Loaded with the page (other-route.tsx), not with the entry. Admin pages
 * live in web/src/admin (lazily loaded) and are listed there.
 */
import type { PublicPagePath } from './public-page-paths.ts';

export interface PageText {
  title: string;
  summary: string;
}

export const PUBLIC_PAGES: Readonly<Record<PublicPagePath, PageText>> = {
  organizers: { title: 'Event Organizers', summary: 'This page will be a directory of race organizers and the events they put on.' },
  calendar: { title: 'Race Calendar', summary: 'Coming Soon: an interactive race calendar is in development.' },
  blog: { title: 'Blog', summary: 'This page will carry articles on racing, training and the endurance community.' },
  reviews: { title: 'Race Reviews', summary: "This page will collect athletes' reviews and ratings of the races they ran." },
  'submit-event': { title: 'Submit an Event', summary: 'This page will let you tell us about a race that is missing from RaceFinder.' },
  sponsorship: { title: 'Sponsorship', summary: 'This page will describe how brands can sponsor races and the RaceFinder community.' },
  'race-checklist': { title: 'Race Checklist', summary: 'This page will list what to prepare and pack before race day.' },
  'pacing-calculator': { title: 'Pacing Calculator', summary: 'This page will work out the pace you need for a goal time, or the finish time a pace gives you.' },
  'weather-tracker': { title: 'Weather Tracker', summary: "This page will show the race-day forecast for your event's location." },
  faq: { title: 'Frequently Asked Questions', summary: 'This page will answer common questions about finding races, accounts and organizing events.' },
  community: { title: 'Community', summary: 'This page will connect athletes who are training for the same races.' },
  'athlete-spotlights': { title: 'Athlete Spotlights', summary: 'This page will feature stories from athletes in the RaceFinder community.' },
  'ambassador-program': { title: 'Ambassador Program', summary: 'This page will describe how to represent RaceFinder at races and in your local running scene.' },
  volunteer: { title: 'Volunteer', summary: 'This page will list volunteer roles at races near you.' },
  'submit-race-recap': { title: 'Submit a Race Recap', summary: 'This page will let you share the story of a race you ran.' },
  about: { title: 'About RaceFinder', summary: 'RaceFinder helps athletes find endurance races, train for them and share how they went; this page will tell its story.' },
  contact: { title: 'Contact', summary: 'This page will list the ways to reach the RaceFinder team about races, accounts and partnerships.' },
  terms: { title: 'Terms of Service', summary: 'This page will set out the terms that apply when you use RaceFinder.' },
  privacy: { title: 'Privacy Policy', summary: 'This page will explain what data RaceFinder keeps about you and how it is used.' },
  partners: { title: 'Partners', summary: 'This page will introduce the race organizers, clubs and brands RaceFinder works with.' },
  leaderboard: { title: 'Leaderboard', summary: 'This page will rank the most active athletes and the most reviewed races.' },
  'charity-races': { title: 'Charity Races', summary: 'This page will list races that raise money for good causes.' },
  corporate: { title: 'Corporate Wellness', summary: 'This page will describe team and company participation in endurance events.' },
};
