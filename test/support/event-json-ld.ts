/**
 * What Google's Event rich result needs of a JSON-LD block, as its documentation lists it
 * (https://developers.google.com/search/docs/appearance/structured-data/event): the required properties, and
 * the recommended ones a race has. `performer` is recommended too, and a race has none, so it is not asked for.
 * Returns the problems found, so a failing test names them all.
 */
const STATUSES = ['EventScheduled', 'EventCancelled', 'EventPostponed', 'EventRescheduled', 'EventMovedOnline'].map((name) => `https://schema.org/${name}`);
const ATTENDANCE = ['Offline', 'Online', 'Mixed'].map((mode) => `https://schema.org/${mode}EventAttendanceMode`);
const AVAILABILITY = ['InStock', 'SoldOut', 'PreOrder'].map((name) => `https://schema.org/${name}`);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isAbsoluteUrl = (value: unknown) => isText(value) && /^https?:\/\/[^/]+/.test(value);

export function eventJsonLdProblems(block: unknown): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  if (!isObject(block)) return ['not an object'];
  need(block['@context'] === 'https://schema.org', '@context is not https://schema.org');
  need(block['@type'] === 'SportsEvent' || block['@type'] === 'Event', '@type is not an Event');
  // Required.
  need(isText(block.name), 'name is missing');
  need(isText(block.startDate) && (DATE.test(block.startDate) || DATE_TIME_WITH_OFFSET.test(block.startDate)), 'startDate is not a date or a date-time with its offset');
  const locations = Array.isArray(block.location) ? block.location : [block.location];
  need(locations.length > 0 && locations.every(isObject), 'location is missing');
  for (const location of locations.filter(isObject)) {
    if (location['@type'] === 'VirtualLocation') {
      need(isAbsoluteUrl(location.url), 'a VirtualLocation has no url');
      continue;
    }
    need(location['@type'] === 'Place', 'a location is neither a Place nor a VirtualLocation');
    need(isText(location.name), 'the Place has no name');
    const address = location.address;
    need(isObject(address) && address['@type'] === 'PostalAddress', 'the Place has no PostalAddress');
    if (isObject(address)) {
      for (const field of ['addressLocality', 'addressRegion', 'addressCountry']) need(isText(address[field]), `the address has no ${field}`);
    }
  }
  // Recommended.
  need(isText(block.description), 'description is missing');
  need(isText(block.endDate) && (DATE.test(block.endDate) || DATE_TIME_WITH_OFFSET.test(block.endDate)), 'endDate is missing or not a date');
  need(STATUSES.includes(block.eventStatus as string), 'eventStatus is not a schema.org event status');
  need(ATTENDANCE.includes(block.eventAttendanceMode as string), 'eventAttendanceMode is not a schema.org attendance mode');
  need(Array.isArray(block.image) && block.image.length > 0 && block.image.every(isAbsoluteUrl), 'image is not a list of absolute URLs');
  if (block.eventStatus === 'https://schema.org/EventRescheduled') need(isText(block.previousStartDate), 'a rescheduled event has no previousStartDate');
  // One Offer, or one per price when the race sells in tiers: each needs the same.
  const offers = Array.isArray(block.offers) ? block.offers : [block.offers];
  need(offers.length > 0 && offers.every(isObject), 'offers is missing');
  for (const offer of offers.filter(isObject)) {
    need(offer['@type'] === 'Offer', 'offers is not an Offer');
    need(isText(offer.price) && !Number.isNaN(Number(offer.price)), 'the offer has no price');
    need(isText(offer.priceCurrency) && /^[A-Z]{3}$/.test(offer.priceCurrency), 'the offer has no ISO 4217 priceCurrency');
    need(isAbsoluteUrl(offer.url), 'the offer has no url');
    need(AVAILABILITY.includes(offer.availability as string), 'the offer has no schema.org availability');
    need(isText(offer.validFrom) && !Number.isNaN(Date.parse(offer.validFrom)), 'the offer has no validFrom');
  }
  const organizer = block.organizer;
  need(isObject(organizer) && isText(organizer.name) && isAbsoluteUrl(organizer.url), 'organizer has no name and url');
  return problems;
}
