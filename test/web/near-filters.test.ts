// @vitest-environment node
/** The /events and /local URL vocabulary of a radius search: near and radius (web/src/features/events/api/event-filters.ts). */
import { describe, expect, it } from 'vitest';
import { filterChips, filtersFromSearchParams, filtersToSearchParams, toSearchQuery, withoutFilter } from '../../web/src/features/events/api/event-filters.ts';

const read = (query: string) => filtersFromSearchParams(new URLSearchParams(query));

describe('near and radius in the URL', () => {
  it('reads a ZIP code, a city or a point with its radius, and writes them back in order', () => {
    expect(read('radius=50&near=80302&q=trail')).toEqual({ q: 'trail', near: '80302', radius: '50' });
    expect(read('near=Boulder%2C+CO')).toEqual({ near: 'Boulder, CO' });
    expect(read('near=40.01%2C-105.27&radius=10')).toEqual({ near: '40.01,-105.27', radius: '10' });
    expect(filtersToSearchParams(read('radius=50&near=80302&q=trail')).toString()).toBe('q=trail&near=80302&radius=50');
  });

  it('drops a place the search cannot read, a radius off the list, and a radius without a place', () => {
    expect(read('near=nowhere&radius=25')).toEqual({});
    expect(read('near=80302&radius=30')).toEqual({ near: '80302' });
    expect(read('radius=25')).toEqual({});
  });

  it('sends the radius as a number', () => {
    expect(toSearchQuery({ near: '80302', radius: '100' })).toEqual({ near: '80302', radius: 100 });
  });

  it('shows one chip for the place and its radius, and removing it ends the radius search', () => {
    expect(filterChips({ near: '80302', radius: '50', state: 'CO' })).toEqual([
      { key: 'state', label: 'State: Colorado' },
      { key: 'near', label: 'Near: 80302 (50 mi)' },
    ]);
    expect(filterChips({ near: '40.01,-105.27' })).toEqual([{ key: 'near', label: 'Near: your location (25 mi)' }]);
    expect(withoutFilter({ near: '80302', radius: '50', q: 'trail' }, 'near')).toEqual({ q: 'trail' });
  });
});
