/**
 * The route table: every API route, once (DESIGN section 3), merged from one file per area. infra/ makes one
 * Lambda and one HTTP API route per entry, the local gateway dispatches to the same handler modules, the web
 * client is typed from it and the authorization-matrix test walks it. A route that is not listed does not exist.
 *
 * Code that serves or calls one area imports that area's file (shared/routes/<area>.ts) rather than this
 * index, so it bundles only that area's schemas.
 */
import { ADMIN_IMPORTS_ROUTES } from './admin-imports.ts';
import { ADMIN_SYSTEM_ROUTES } from './admin-system.ts';
import { routeKey, type AnyRouteDefinition, type BodyOfRoute, type ResponseOfRoute } from './define.ts';
import { ADMIN_EVENTS_ROUTES } from './admin-events.ts';
import { ADMIN_EXPORTS_ROUTES } from './admin-exports.ts';
import { MY_EXPORTS_ROUTES } from './my-exports.ts';
import { ADMIN_CLAIMS_ROUTES } from './admin-claims.ts';
import { CLAIMS_ROUTES } from './claims.ts';
import { EVENTS_ROUTES } from './events.ts';
import { SAVED_ROUTES } from './saved.ts';
import { SYSTEM_ROUTES } from './system.ts';
import { USERS_ROUTES } from './users.ts';
import { ORGANIZER_APPLICATIONS_ROUTES } from './organizer-applications.ts';
import { ADMIN_ORGANIZER_APPLICATIONS_ROUTES } from './admin-organizer-applications.ts';
import { PROMOTIONS_ROUTES } from './promotions.ts';
import { ADMIN_PROMOTIONS_ROUTES } from './admin-promotions.ts';
import { STRIPE_WEBHOOKS_ROUTES } from './stripe-webhooks.ts';
import { ORGANIZER_ROUTES } from './organizer.ts';
import { ORGANIZER_EVENTS_ROUTES } from './organizer-events.ts';
import { ADMIN_EVENT_REVIEWS_ROUTES } from './admin-event-reviews.ts';
import { ANALYTICS_ROUTES } from './analytics.ts';
import { ADMIN_ACTIVITY_ROUTES } from './admin-activity.ts';
import { ADMIN_USERS_ROUTES } from './admin-users.ts';
import { TRAINING_ROUTES } from './training.ts';
import { GOALS_ROUTES } from './goals.ts';
import { TRAINING_PLANS_ROUTES } from './training-plans.ts';
import { COACH_ROUTES } from './coach.ts';
import { CALENDAR_FEEDS_ROUTES } from './calendar-feeds.ts';
import { REVIEWS_ROUTES } from './reviews.ts';
import { ADMIN_REVIEWS_ROUTES } from './admin-reviews.ts';
import { RACE_CHECKLISTS_ROUTES } from './race-checklists.ts';
import { CONTACT_MESSAGES_ROUTES } from './contact-messages.ts';
import { ADMIN_CONTACT_MESSAGES_ROUTES } from './admin-contact-messages.ts';
import { WEATHER_ROUTES } from './weather.ts';
import { NEWSLETTER_ROUTES } from './newsletter.ts';
import { NOTIFICATIONS_ROUTES } from './notifications.ts';
import { SAVED_SEARCHES_ROUTES } from './saved-searches.ts';
import { BLOG_ROUTES } from './blog.ts';
import { ADMIN_BLOG_ROUTES } from './admin-blog.ts';
import { ORGANIZATIONS_ROUTES } from './organizations.ts';
import { SUBMITTED_EVENTS_ROUTES } from './submitted-events.ts';
import { RECAPS_ROUTES } from './recaps.ts';
import { ADMIN_RECAPS_ROUTES } from './admin-recaps.ts';
import { COMMUNITY_ROUTES } from './community.ts';
import { COURSES_ROUTES } from './courses.ts';
import { EVENT_IMAGES_ROUTES } from './event-images.ts';
import { STRAVA_ROUTES } from './strava.ts';

export * from './define.ts';

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

/**
 * Merges area tables into one, refusing a repeated id or a repeated method+path: either would leave one of
 * the two routes unreachable (or one Lambda serving another's path) without any other error.
 */
export function mergeRouteTables<const T extends readonly Readonly<Record<string, AnyRouteDefinition>>[]>(
  ...tables: T
): UnionToIntersection<T[number]> {
  const merged: Record<string, AnyRouteDefinition> = {};
  const keys = new Map<string, string>();
  for (const table of tables) {
    for (const [id, route] of Object.entries(table)) {
      if (route.id !== id) throw new Error(`Route ${id} is listed under another id (${route.id})`);
      if (merged[id]) throw new Error(`Route id ${id} is listed twice`);
      const key = routeKey(route);
      const other = keys.get(key);
      if (other) throw new Error(`${key} is listed twice: ${other} and ${id}`);
      keys.set(key, id);
      merged[id] = route;
    }
  }
  return merged as never;
}

/**
 * The route table by area, each area as its file lists it. infra/ gives each area its own nested stack (one
 * CloudFormation stack per area keeps every stack far from the 500-resource quota); a new area file is added
 * here and to ROUTES below.
 */
export const ROUTE_AREAS = {
  system: SYSTEM_ROUTES,
  users: USERS_ROUTES,
  events: EVENTS_ROUTES,
  saved: SAVED_ROUTES,
  adminImports: ADMIN_IMPORTS_ROUTES,
  adminEvents: ADMIN_EVENTS_ROUTES,
  adminExports: ADMIN_EXPORTS_ROUTES,
  myExports: MY_EXPORTS_ROUTES,
  adminSystem: ADMIN_SYSTEM_ROUTES,
  organizerApplications: ORGANIZER_APPLICATIONS_ROUTES,
  adminOrganizerApplications: ADMIN_ORGANIZER_APPLICATIONS_ROUTES,
  claims: CLAIMS_ROUTES,
  adminClaims: ADMIN_CLAIMS_ROUTES,
  promotions: PROMOTIONS_ROUTES,
  adminPromotions: ADMIN_PROMOTIONS_ROUTES,
  stripeWebhooks: STRIPE_WEBHOOKS_ROUTES,
  organizer: ORGANIZER_ROUTES,
  organizerEvents: ORGANIZER_EVENTS_ROUTES,
  adminEventReviews: ADMIN_EVENT_REVIEWS_ROUTES,
  analytics: ANALYTICS_ROUTES,
  adminActivity: ADMIN_ACTIVITY_ROUTES,
  adminUsers: ADMIN_USERS_ROUTES,
  training: TRAINING_ROUTES,
  goals: GOALS_ROUTES,
  trainingPlans: TRAINING_PLANS_ROUTES,
  coach: COACH_ROUTES,
  calendarFeeds: CALENDAR_FEEDS_ROUTES,
  reviews: REVIEWS_ROUTES,
  adminReviews: ADMIN_REVIEWS_ROUTES,
  raceChecklists: RACE_CHECKLISTS_ROUTES,
  contactMessages: CONTACT_MESSAGES_ROUTES,
  adminContactMessages: ADMIN_CONTACT_MESSAGES_ROUTES,
  weather: WEATHER_ROUTES,
  newsletter: NEWSLETTER_ROUTES,
  blog: BLOG_ROUTES,
  adminBlog: ADMIN_BLOG_ROUTES,
  organizations: ORGANIZATIONS_ROUTES,
  submittedEvents: SUBMITTED_EVENTS_ROUTES,
  recaps: RECAPS_ROUTES,
  adminRecaps: ADMIN_RECAPS_ROUTES,
  community: COMMUNITY_ROUTES,
  notifications: NOTIFICATIONS_ROUTES,
  savedSearches: SAVED_SEARCHES_ROUTES,
  courses: COURSES_ROUTES,
  eventImages: EVENT_IMAGES_ROUTES,
  strava: STRAVA_ROUTES,
} as const satisfies Readonly<Record<string, Readonly<Record<string, AnyRouteDefinition>>>>;

export type RouteArea = keyof typeof ROUTE_AREAS;

export const ROUTES = mergeRouteTables(
  ROUTE_AREAS.system,
  ROUTE_AREAS.users,
  ROUTE_AREAS.events,
  ROUTE_AREAS.saved,
  ROUTE_AREAS.adminImports,
  ROUTE_AREAS.adminExports,
  ROUTE_AREAS.myExports,
  ROUTE_AREAS.adminSystem,
  ROUTE_AREAS.adminEvents,
  ROUTE_AREAS.organizerApplications,
  ROUTE_AREAS.adminOrganizerApplications,
  ROUTE_AREAS.claims,
  ROUTE_AREAS.adminClaims,
  ROUTE_AREAS.promotions,
  ROUTE_AREAS.adminPromotions,
  ROUTE_AREAS.stripeWebhooks,
  ROUTE_AREAS.organizer,
  ROUTE_AREAS.organizerEvents,
  ROUTE_AREAS.adminEventReviews,
  ROUTE_AREAS.analytics,
  ROUTE_AREAS.adminActivity,
  ROUTE_AREAS.adminUsers,
  ROUTE_AREAS.training,
  ROUTE_AREAS.goals,
  ROUTE_AREAS.trainingPlans,
  ROUTE_AREAS.coach,
  ROUTE_AREAS.calendarFeeds,
  ROUTE_AREAS.reviews,
  ROUTE_AREAS.adminReviews,
  ROUTE_AREAS.raceChecklists,
  ROUTE_AREAS.contactMessages,
  ROUTE_AREAS.adminContactMessages,
  ROUTE_AREAS.weather,
  ROUTE_AREAS.newsletter,
  ROUTE_AREAS.blog,
  ROUTE_AREAS.adminBlog,
  ROUTE_AREAS.organizations,
  ROUTE_AREAS.submittedEvents,
  ROUTE_AREAS.recaps,
  ROUTE_AREAS.adminRecaps,
  ROUTE_AREAS.community,
  ROUTE_AREAS.notifications,
  ROUTE_AREAS.savedSearches,
  ROUTE_AREAS.courses,
  ROUTE_AREAS.eventImages,
  ROUTE_AREAS.strava,
);

export type RouteId = keyof typeof ROUTES;
export type AnyRoute = (typeof ROUTES)[RouteId];

export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

export type ResponseOf<Id extends RouteId> = ResponseOfRoute<(typeof ROUTES)[Id]>;
export type BodyOf<Id extends RouteId> = BodyOfRoute<(typeof ROUTES)[Id]>;
