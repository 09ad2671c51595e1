/**
 * How the event page and its calendar file write places and map links (only the event page uses them, so they
 * stay out of the entry chunk; dates and fees are in lib/event-format.ts).
 */
export interface PlaceParts {
  locationName: string;
  city: string;
  state: string;
  zipCode?: string;
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
