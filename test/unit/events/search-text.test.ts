import { describe, expect, it } from 'vitest';
import {
  distanceCategories,
  distanceCategoryOf,
  distanceKm,
  eventWords,
  matchesQueryWords,
  normalize,
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
