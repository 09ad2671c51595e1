/**
 * City, state, ZIP and country of an imported race. The public catalogue is US only: its State filter,
 * search and EventSchema's `state` know the 50 states and DC, so a race anywhere else (Canada, and US
 * territories such as Puerto Rico, which have no place in those filters) is skipped as 'not-us' rather than
 * listed under a wrong state.
 */
import { US_STATES, isStateCode, type StateCode } from '#shared/us-states';

const STATE_BY_NAME: ReadonlyMap<string, StateCode> = new Map(
  (Object.entries(US_STATES) as [StateCode, string][]).map(([code, name]) => [foldName(name), code]),
);

/** Other spellings people and race sites use for a state. */
const STATE_ALIASES: Readonly<Record<string, StateCode>> = {
  'washington dc': 'DC',
  'washington d c': 'DC',
  'd c': 'DC',
  'dist of columbia': 'DC',
};

/** US territories and military mail codes: US addresses that are not in the catalogue's states. */
const TERRITORIES = new Set(['PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'AA', 'AE', 'AP', 'FM', 'MH', 'PW']);
const TERRITORY_NAMES = new Set(['puerto rico', 'guam', 'us virgin islands', 'virgin islands', 'american samoa', 'northern mariana islands']);
/** Canadian provinces and territories, the other country RunSignup lists most; a race there may omit its country. */
const PROVINCES = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);

function foldName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

/** A two-letter code from a code or a full name ('co', 'Colorado', 'New  York'); undefined if not a state or DC. */
export function normalizeState(value: string | undefined): StateCode | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const upper = trimmed.toUpperCase().replace(/\./g, '');
  if (upper.length === 2 && isStateCode(upper)) return upper;
  const folded = foldName(trimmed);
  return STATE_BY_NAME.get(folded) ?? STATE_ALIASES[folded];
}

/** Whether a state value names a US territory (Puerto Rico, Guam, ...), which the catalogue does not list. */
export function isUsTerritory(value: string | undefined): boolean {
  if (!value) return false;
  return TERRITORIES.has(value.trim().toUpperCase().replace(/\./g, '')) || TERRITORY_NAMES.has(foldName(value));
}

const US_COUNTRY = new Set(['us', 'usa', 'united states', 'united states of america', 'u s', 'u s a']);

/** Whether a country value means the United States; an absent one is taken as US (the state then decides). */
export function isUsCountry(value: string | undefined): boolean {
  if (!value || !value.trim()) return true;
  return US_COUNTRY.has(foldName(value));
}

/**
 * The 5-digit ZIP of a value: leading zeros kept or restored (2116 given as a number is "02116"), ZIP+4
 * cut to its first five ("02116-1234" -> "02116"). Undefined for anything that is not a US ZIP.
 */
export function normalizeZip(value: string | number | undefined | null): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') {
    // A number lost its leading zeros; a ZIP is at most 5 digits, so pad back to 5.
    if (!Number.isInteger(value) || value <= 0 || value > 99_999) return undefined;
    return String(value).padStart(5, '0');
  }
  const match = /^\s*(\d{3,5})(?:\s*-\s*\d{4})?\s*$/.exec(value);
  if (!match) return undefined;
  const digits = match[1] as string;
  // 3 or 4 digits: a spreadsheet or a number dropped the leading zeros (New England, New Jersey, Puerto Rico).
  const zip = digits.padStart(5, '0');
  return zip === '00000' ? undefined : zip;
}

/** City as people write it: trimmed, inner spaces collapsed; ALL CAPS or all lower case turned to Title Case. */
export function normalizeCity(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const collapsed = value.replace(/\s+/g, ' ').trim();
  if (!collapsed) return undefined;
  const hasUpper = /\p{Lu}/u.test(collapsed);
  const hasLower = /\p{Ll}/u.test(collapsed);
  if (hasUpper && hasLower) return collapsed;
  return collapsed.toLowerCase().replace(/(^|[\s\-'(.])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

export interface UsAddress {
  readonly city: string;
  readonly state: StateCode;
  readonly zipCode?: string;
  readonly country: 'US';
}

export type AddressResult =
  | { readonly address: UsAddress }
  | { readonly skipped: 'not-us'; readonly message: string }
  | { readonly skipped: 'invalid'; readonly message: string };

/**
 * A US address from a source's city, state, ZIP and country, or why not: 'not-us' for another country or a
 * US territory, 'invalid' for a missing city or a state that is neither a code nor a name.
 */
export function normalizeUsAddress(input: {
  readonly city?: string;
  readonly state?: string;
  readonly zip?: string | number | null;
  readonly country?: string;
}): AddressResult {
  if (!isUsCountry(input.country)) return { skipped: 'not-us', message: `country ${input.country?.trim()} is not the US` };
  if (isUsTerritory(input.state)) return { skipped: 'not-us', message: `${input.state?.trim()} is a US territory, not a state` };
  if (input.state && PROVINCES.has(input.state.trim().toUpperCase())) return { skipped: 'not-us', message: `${input.state.trim()} is a Canadian province` };
  const state = normalizeState(input.state);
  if (!state) {
    return { skipped: 'invalid', message: input.state ? `state: "${input.state.trim()}" is not a US state` : 'state: is required' };
  }
  const city = normalizeCity(input.city);
  if (!city) return { skipped: 'invalid', message: 'city: is required' };
  const zipCode = normalizeZip(input.zip);
  return { address: { city, state, country: 'US', ...(zipCode ? { zipCode } : {}) } };
}
