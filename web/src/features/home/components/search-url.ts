export interface HeroSearchValues {
  location: string;
  startDate: string;
  endDate: string;
}

/** /events with only the filled values: location trimmed, empty fields left out. */
export function eventsSearchUrl({ location, startDate, endDate }: HeroSearchValues): string {
  const params = new URLSearchParams();
  const place = location.trim();
  if (place) params.set('location', place);
  if (startDate.trim()) params.set('startDate', startDate.trim());
  if (endDate.trim()) params.set('endDate', endDate.trim());
  const query = params.toString();
  return query ? `/events?${query}` : '/events';
}
