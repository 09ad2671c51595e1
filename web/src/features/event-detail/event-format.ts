/** How the event page writes dates, money, places and map links. */
import { US_STATES, isStateCode } from '#shared/us-states';
import { formatIsoDate } from '../../lib/event-format.ts';

/** 'Saturday, June 14, 2025': the card's noon-in-New-York reading, so a date never shifts a day. */
export function formatLongDate(isoDate: string): string {
  return formatIsoDate(isoDate, { weekday: 'long', month: 'long' });
}

/** Fees ('$45', 'Free') and the description fallback read the same as on the event cards. */
export { DESCRIPTION_FALLBACK, formatFee } from '../../lib/event-format.ts';

export function stateName(code: string): string {
  return isStateCode(code) ? US_STATES[code] : code;
}

export interface PlaceParts {
  locationName: string;
  city: string;
  state: string;
  zipCode?: string;
}

/** 'Boulder, Colorado 80302' */
export function cityLine({ city, state, zipCode }: PlaceParts): string {
  return [`${city}, ${stateName(state)}`, zipCode].filter(Boolean).join(' ');
}

/** One line for calendars: 'Boulder Reservoir, Boulder, CO 80301' (the venue is left out when it is just the city). */
export function addressLine({ locationName, city, state, zipCode }: PlaceParts): string {
  const venue = locationName && locationName.trim().toLowerCase() !== city.trim().toLowerCase() ? `${locationName}, ` : '';
  return `${venue}${city}, ${state}${zipCode ? ` ${zipCode}` : ''}`;
}

/**
 * A link to the place on OpenStreetMap: a pin at the coordinates when the event has them, otherwise a search
 * for the address. A link, not embedded tiles: the app works offline and its CSP allows no third-party frames.
 */
export function mapUrl(place: PlaceParts & { latitude?: number; longitude?: number }): string {
  if (place.latitude !== undefined && place.longitude !== undefined) {
    const lat = place.latitude.toFixed(5);
    const lon = place.longitude.toFixed(5);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(addressLine(place))}`;
}

/** Host name of a URL for display: 'https://www.example.org/race' -> 'example.org'. */
export function displayHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
