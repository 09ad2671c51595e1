/**
 * The home page's races in one read-only answer (GET /api/home-feed), so the page makes one call for all its
 * sections and a visitor's answer is the same for everyone (cached a minute):
 *
 * - featured: events of active paid-and-approved site-wide promotions first (best tier, then date; one Query
 *   of the active-promotions index and one BatchGet of at most HOME_SECTION_SIZE events), then featured
 *   events by date (IDX#FEATURED, search-index.ts), without repeats;
 * - upcoming: the next verified events by date (GSI1 from today);
 * - near (with `near`, a signed-in athlete's profile location): events within HOME_NEAR_RADIUS miles by date,
 *   the radius search's read (near-search.ts) for one small page. A place that cannot be found is not an
 *   error here: the section says so and the rest of the page still shows.
 *
 * About 4 read units without `near`, 5 to 10 with it.
 */
import { TIER_RANK, type PromotionTier } from '#shared/promotions';
import { HOME_NEAR_RADIUS, HOME_SECTION_SIZE, type HomeFeed } from '#shared/schemas/home-feed';
import type { EventSummary } from '#shared/schemas/search';
import { HttpError } from '#lib/errors';
import { batchGetItems } from '#lib/kit/batch-get';
import { table } from '#lib/kit/table';
import { eventKey } from '#data/event';
import { listActivePromotions } from '#data/promotion';
import { FEATURED_PARTITION, summaryFromItem, VERIFIED_PARTITION } from '#data/search-index';
import { readNearEvents, resolveNear } from './near-search.ts';

/** Read units the near section may spend: a small page needs about one read per covering cell. */
const NEAR_SECTION_BUDGET = 8;

async function promotedEvents(today: string): Promise<EventSummary[]> {
  const { promotions } = await listActivePromotions('site', undefined, today);
  const bestTier = new Map<string, PromotionTier>();
  for (const promotion of promotions) {
    const current = bestTier.get(promotion.eventId);
    if (!current || TIER_RANK[promotion.tier] > TIER_RANK[current]) bestTier.set(promotion.eventId, promotion.tier);
  }
  const candidates = [...bestTier]
    .sort(([idA, a], [idB, b]) => TIER_RANK[b] - TIER_RANK[a] || idA.localeCompare(idB))
    .slice(0, HOME_SECTION_SIZE);
  if (candidates.length === 0) return [];
  return (await batchGetItems(candidates.map(([id]) => eventKey(id))))
    .filter((item) => item.verified === true && (item.eventDate as string) >= today)
    .map((item) => ({ ...summaryFromItem(item), promotion: { tier: bestTier.get(item.id as string)! } }))
    .sort((a, b) => TIER_RANK[b.promotion.tier] - TIER_RANK[a.promotion.tier] || a.eventDate.localeCompare(b.eventDate) || a.id.localeCompare(b.id));
}

/** The first events of a date-ordered partition (a table partition, or GSI1's verified events) from today. */
async function firstFrom(partition: string, today: string, limit: number, index?: 'GSI1'): Promise<EventSummary[]> {
  const { Items = [] } = await table.query({
    ...(index ? { IndexName: index } : {}),
    KeyConditionExpression: index ? 'GSI1PK = :pk AND GSI1SK >= :today' : 'PK = :pk AND SK >= :today',
    ExpressionAttributeValues: { ':pk': partition, ':today': today },
    Limit: limit,
  });
  return Items.map(summaryFromItem);
}

async function nearSection(near: string, today: string): Promise<NonNullable<HomeFeed['near']>> {
  try {
    const { place } = await resolveNear(near);
    const page = await readNearEvents({ center: place, radiusMiles: HOME_NEAR_RADIUS, lo: today, need: HOME_SECTION_SIZE, budget: NEAR_SECTION_BUDGET });
    const origin = { latitude: place.latitude, longitude: place.longitude, ...(place.label ? { label: place.label } : {}) };
    return { radius: HOME_NEAR_RADIUS, origin, items: page.items };
  } catch (error) {
    // An unknown place, or no place directory yet: the section says so; the rest of the page still shows.
    if (error instanceof HttpError && (error.status === 400 || error.status === 503)) return { radius: HOME_NEAR_RADIUS, items: [] };
    throw error;
  }
}

export async function homeFeed(options: { today: string; near?: string }): Promise<HomeFeed> {
  const { today } = options;
  const [promoted, featuredEvents, upcoming, near] = await Promise.all([
    promotedEvents(today),
    firstFrom(FEATURED_PARTITION, today, HOME_SECTION_SIZE * 2),
    firstFrom(VERIFIED_PARTITION, today, HOME_SECTION_SIZE, 'GSI1'),
    options.near === undefined ? undefined : nearSection(options.near, today),
  ]);
  const shown = new Set(promoted.map((event) => event.id));
  const featured = [...promoted, ...featuredEvents.filter((event) => !shown.has(event.id))].slice(0, HOME_SECTION_SIZE);
  return { featured, upcoming, ...(near ? { near } : {}) };
}
