import { describe, expect, it } from 'vitest';
import {
  distanceCategories,
  distanceCategoryOf,
  distanceKm,
  eventWords,
  matchesKind,
  matchesQueryWords,
  normalize,
  parseQuery,
  parseQueryText,
  queryNeedle,
  searchTextOf,
  termOf,
  termsOf,
  words,
} from '#shared/search-text';

const boston = {
  title: 'Boston Harbor Half Marathon',
  city: 'Boston',
  state: 'MA',
  locationName: "Christopher Columbus Park",
  distances: ['5K', 'Half Marathon'],
  eventType: 'road_race' as const,
  terrainType: 'mixed' as const,
};

describe('search text normalization', () => {
  it('folds case and accents', () => {
    expect(normalize('Cañon City SÃO Zoë')).toBe('canon city sao zoe');
  });

  it('splits on anything that is not a letter or digit', () => {
    expect(words("Rock 'n' Roll: 10K/Half-Marathon (70.3)")).toEqual(['rock', 'n', 'roll', '10k', 'half', 'marathon', '70', '3']);
    expect(words('  --  ')).toEqual([]);
  });

  it('reads a query word from its narrowest term: six characters, else three, shorter words whole', () => {
    expect(termOf('mentone')).toBe('menton');
    expect(termOf('boston')).toBe('boston');
    expect(termOf('bost')).toBe('bos');
    expect(termOf('5k')).toBe('5k');
    expect(termOf('run')).toBe('run');
  });
});

describe('an event’s searchable words', () => {
  it('come from title, city, state code and name, location, distances, type label and terrain, each once', () => {
    const list = eventWords(boston);
    expect(list).toEqual(
      expect.arrayContaining(['boston', 'harbor', 'half', 'marathon', 'ma', 'massachusetts', 'christopher', 'park', '5k', 'road', 'race', 'mixed']),
    );
    expect(list.filter((word) => word === 'boston')).toHaveLength(1);
  });

  it('are matched by word prefix through the spaced search text', () => {
    const text = searchTextOf(eventWords(boston));
    expect(text.startsWith(' boston ')).toBe(true);
    expect(text.endsWith(' ')).toBe(true);
    expect(matchesQueryWords(text, ['bost'])).toBe(true);
    expect(matchesQueryWords(text, ['mass', 'half'])).toBe(true);
    expect(matchesQueryWords(text, ['oston'])).toBe(false);
    expect(matchesQueryWords(text, ['boston', 'trail'])).toBe(false);
  });

  it('match words shorter than three characters whole, wherever they are in the text', () => {
    const text = searchTextOf(eventWords(boston));
    expect(queryNeedle('ma')).toBe(' ma ');
    expect(queryNeedle('mas')).toBe(' mas');
    expect(matchesQueryWords(text, ['ma'])).toBe(true);
    expect(matchesQueryWords(text, ['5k'])).toBe(true);
    // 'ha' starts 'harbor' and 'half' but is no word of the event.
    expect(matchesQueryWords(text, ['ha'])).toBe(false);
    expect(matchesQueryWords(searchTextOf(['run', 'ma']), ['ma'])).toBe(true);
  });

  it('give one term per distinct prefix, six-character ones for the longer words too', () => {
    expect(termsOf(['boston', 'bost', 'harbor', 'harbors', '5k'])).toEqual(['bos', 'boston', 'har', 'harbor', '5k']);
  });

  it('hold every event a query word matches in the term the query reads', () => {
    // The planner's correctness rests on this: the partition of termOf(query word) is a superset of its matches.
    const eventWordList = ['mentone', 'memorial', 'boston', 'bo', 'run'];
    const indexed = new Set(termsOf(eventWordList));
    for (const query of ['mentone', 'menton', 'ment', 'men', 'memorial', 'mem', 'boston', 'bost', 'bo', 'run', 'ru']) {
      const matches = matchesQueryWords(searchTextOf(eventWordList), [query]);
      if (matches) expect(indexed.has(termOf(query)), query).toBe(true);
    }
  });
});

describe('query parsing', () => {
  it('normalizes, drops repeats and words a longer query word already requires', () => {
    expect(parseQueryText('  Trail  50K trail ')).toEqual(['trail', '50k']);
    expect(parseQueryText('bos Boston')).toEqual(['boston']);
    // Short words match whole words, so 'ny' still asks for something 'nyc' does not.
    expect(parseQueryText('ny nyc')).toEqual(['ny', 'nyc']);
    expect(parseQueryText('CAÑON')).toEqual(['canon']);
  });

  it('reads empty and punctuation-only text as no words', () => {
    expect(parseQueryText(undefined)).toEqual([]);
    expect(parseQueryText(' !!! ')).toEqual([]);
  });

  it('keeps at most six words', () => {
    expect(parseQueryText('a1 b2 c3 d4 e5 f6 g7 h8')).toHaveLength(6);
  });
});

describe('word forms', () => {
  const place = (title: string, city: string, state = 'UT') => ({ ...boston, title, city, state, locationName: 'Town Square', distances: ['10K'] });
  const finds = (query: string, event: ReturnType<typeof place>) =>
    matchesQueryWords(searchTextOf(eventWords(event)), parseQuery(query).words);

  it('finds saint and st, mount and mt, fort and ft either way round', () => {
    const written = place('St. George Marathon', 'St. George');
    const spelled = place('Saint George Marathon', 'Saint George');
    for (const query of ['st george', 'saint george', 'St. George', 'sain geo']) {
      expect(finds(query, written)).toBe(true);
      expect(finds(query, spelled)).toBe(true);
    }
    expect(finds('mt hood', place('Mount Hood Trail Run', 'Hood River', 'OR'))).toBe(true);
    expect(finds('mount hood', place('Mt. Hood Trail Run', 'Hood River', 'OR'))).toBe(true);
    expect(finds('ft collins', place('Horsetooth Half', 'Fort Collins', 'CO'))).toBe(true);
    expect(finds('fort worth', place('Cowtown 10K', 'Ft. Worth', 'TX'))).toBe(true);
  });

  it('keeps short forms whole words and the state code as it is', () => {
    expect(finds('st', place('Statehouse 5K', 'Boise', 'ID'))).toBe(false);
    // Montana's code is 'mt', but a Montana race is not a 'mount' race.
    expect(finds('mount', place('Big Sky 10K', 'Bozeman', 'MT'))).toBe(false);
    expect(finds('mt', place('Big Sky 10K', 'Bozeman', 'MT'))).toBe(true);
  });

  it('reads NYC as New York City, and New York City as NYC', () => {
    expect(finds('nyc', place('Central Park 10K', 'New York', 'NY'))).toBe(true);
    expect(finds('new york city', place('Central Park 10K', 'New York', 'NY'))).toBe(true);
    expect(finds('new york city', place('NYC Midnight Run', 'Brooklyn', 'NY'))).toBe(true);
    expect(finds('nyc', place('Lake Placid 10K', 'Lake Placid', 'NY'))).toBe(false);
  });
});

describe('query filters in the text', () => {
  it('reads 13.1 and 26.2 as the half and full marathon distances', () => {
    expect(parseQuery('13.1 Boston')).toEqual({ words: ['boston'], kinds: [], distances: ['half'] });
    expect(parseQuery('26.2')).toEqual({ words: [], kinds: [], distances: ['marathon'] });
    expect(parseQuery('13.1mi 26.2 miles')).toMatchObject({ words: [], distances: ['half', 'marathon'] });
    // Other numbers with a point stay text, split as before.
    expect(parseQuery('70.3').words).toEqual(['70', '3']);
  });

  it('reads type and terrain words as filters on the event’s type or terrain, not as text', () => {
    const parsed = parseQuery('Trail running colorado');
    expect(parsed.words).toEqual(['running', 'colorado']);
    expect(parsed.kinds).toEqual([{ word: 'trail', types: ['trail_race'], terrains: ['trail'], forms: ['trail', 'trails'] }]);
    for (const word of ['road', 'triathlon', 'duathlon', 'obstacle', 'cycling']) {
      expect(parseQuery(word)).toMatchObject({ words: [], kinds: [{ word }] });
    }
    expect(parseQuery('ultra')).toEqual({ words: [], kinds: [], distances: ['ultra'] });
    expect(parseQuery('trails trail').kinds).toHaveLength(1);
    // Place words stay text: 'beach' is Virginia Beach as often as sand.
    expect(parseQuery('beach mountain').words).toEqual(['beach', 'mountain']);
  });

  it('matches a kind on either the type or the terrain', () => {
    const trail = parseQuery('trail').kinds[0]!;
    expect(matchesKind({ eventType: 'trail_race', terrainType: 'mountain' }, trail)).toBe(true);
    expect(matchesKind({ eventType: 'fun_run', terrainType: 'trail' }, trail)).toBe(true);
    expect(matchesKind({ eventType: 'road_race', terrainType: 'road' }, trail)).toBe(false);
  });

  it("widens a kind to the events whose words say it: 'trail 50k' finds Cincinnati Trail 50K, an ultra on mixed terrain", () => {
    const trail = parseQuery('trail 50k').kinds[0]!;
    const cincinnati = {
      title: 'Cincinnati Trail 50K', city: 'Cincinnati', state: 'OH', locationName: 'Mount Airy Forest', distances: ['50K'], eventType: 'ultra_marathon' as const, terrainType: 'mixed' as const,
    };
    expect(matchesKind({ ...cincinnati, searchText: searchTextOf(eventWords(cincinnati)) }, trail)).toBe(true);
    expect(matchesKind({ eventType: 'road_race', terrainType: 'road', searchText: ' hayward trails run ' }, trail)).toBe(true);
    // Whole words only: a road 5K named after a trailhead is still no trail race.
    expect(matchesKind({ eventType: 'road_race', terrainType: 'road', searchText: ' trailhead dash 5k ' }, trail)).toBe(false);
  });
});

describe('distance categories', () => {
  it('reads kilometres and miles from free text', () => {
    expect(distanceKm('5K')).toBe(5);
    expect(distanceKm('10 km')).toBe(10);
    expect(distanceKm('13.1 mi')).toBeCloseTo(21.08, 1);
    expect(distanceKm('50 Miles')).toBeCloseTo(80.5, 1);
    expect(distanceKm('Sprint')).toBeUndefined();
  });

  it.each([
    ['5K', undefined, '5k'],
    ['3.1 Miles', undefined, '5k'],
    ['10K', undefined, '10k'],
    ['Half Marathon', undefined, 'half'],
    ['13.1 miles', undefined, 'half'],
    ['Marathon', undefined, 'marathon'],
    ['50K', undefined, 'ultra'],
    ['50 Miles', 'ultra_marathon', 'ultra'],
    ['24 Hour', undefined, 'ultra'],
    ['Backyard Ultra', undefined, 'ultra'],
    ['Sprint', undefined, 'triathlon'],
    ['Olympic', undefined, 'triathlon'],
    ['Half Iron (70.3)', 'triathlon', 'triathlon'],
    ['62 Miles', 'cycling', 'cycling'],
    ['40K Time Trial', undefined, 'cycling'],
    ['1 Mile', undefined, 'other'],
    ['5K Swim', 'other', 'other'],
    ['Marathon Relay', undefined, 'other'],
    ['Mud Mile', 'obstacle_race', 'other'],
  ] as const)('%s (%s) is %s', (label, type, category) => {
    expect(distanceCategoryOf(label, type)).toBe(category);
  });

  it('lists an event’s categories once each, in distance order', () => {
    expect(distanceCategories(['5K', '10K', '5 km', 'Half Marathon'], 'road_race')).toEqual(['5k', '10k', 'half']);
    expect(distanceCategories([], 'road_race')).toEqual([]);
  });
});
