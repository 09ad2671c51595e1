/** The part of the `zipcodes` package (no types of its own) that coordinates.ts uses. */
declare module 'zipcodes' {
  interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    /** Every entry (US and Canada) by code. */
    codes: Record<string, ZipCodeEntry>;
    lookup(zip: string | number): ZipCodeEntry | undefined;
    lookupByName(city: string, state: string): ZipCodeEntry[];
  };
  export default zipcodes;
}
