/**
 * Geometry of radius search ("races near me"): great-circle distance, and the grid whose cells index events
 * by place (lambdas/data/search-index.ts writes one posting per event per grid level; the near search reads
 * the cells that cover a circle, lambdas/events/near-search.ts). Pure functions only.
 *
 * The grid is a plain latitude/longitude grid, one per level: a cell is `<row>.<col>` with row =
 * floor((lat + 90) / step) and col = floor((lng + 180) / step). Why not geohash: a geohash cell at a
 * precision is twice as wide as tall (or square only every other precision), so covering a circle takes
 * more cells, and every cell a search reads costs a Query (at least 0.5 read units) whether or not it holds
 * anything. Square-degree cells sized to the radius cover a circle with a handful of cells at every radius.
 */

export interface LatLng {
  readonly latitude: number;
  readonly longitude: number;
}

/** Mean Earth radius (IUGG), miles. */
export const EARTH_RADIUS_MILES = 3958.8;

const RADIANS = Math.PI / 180;

/** Great-circle distance in miles (haversine). */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = (b.latitude - a.latitude) * RADIANS;
  const dLng = (b.longitude - a.longitude) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RADIANS) * Math.cos(b.latitude * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * One grid of the index: cells `step` degrees square, used for searches up to `maxRadiusMiles`. The cell
 * size grows with the radius it serves (about half a degree per 25 miles; a degree of latitude is 69 miles),
 * so a circle of any radius option takes 4 to 9 cells in the lower 48 states (up to 12 in Alaska, where a
 * degree of longitude is short) and about half of what those cells hold lies inside it: fewer, bigger cells would read more events outside the circle, more, smaller ones pay the minimum
 * charge of a Query (half a read unit) and a round trip more often. docs/search.md "Near me" has the measurements.
 */
export interface GeoLevel {
  /** Names the level in partition keys. */
  readonly id: string;
  readonly step: number;
  readonly maxRadiusMiles: number;
}

export const GEO_LEVELS: readonly GeoLevel[] = [
  { id: 'q', step: 0.25, maxRadiusMiles: 10 },
  { id: 'h', step: 0.5, maxRadiusMiles: 25 },
  { id: '1', step: 1, maxRadiusMiles: 50 },
  { id: '2', step: 2, maxRadiusMiles: 100 },
];

/** The level a radius reads: the finest whose cells are meant for it. */
export function levelFor(radiusMiles: number): GeoLevel {
  const level = GEO_LEVELS.find((candidate) => radiusMiles <= candidate.maxRadiusMiles);
  if (!level) throw new Error(`No grid level serves a radius of ${radiusMiles} miles`);
  return level;
}

const columnsOf = (level: GeoLevel) => Math.round(360 / level.step);
const rowsOf = (level: GeoLevel) => Math.round(180 / level.step);

/** Longitude in [-180, 180). */
function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

function rowOf(latitude: number, level: GeoLevel): number {
  return Math.min(rowsOf(level) - 1, Math.max(0, Math.floor((latitude + 90) / level.step)));
}

function columnOf(longitude: number, level: GeoLevel): number {
  return Math.min(columnsOf(level) - 1, Math.floor((wrapLongitude(longitude) + 180) / level.step));
}

const cellName = (row: number, column: number) => `${row}.${column}`;

/** The cell of a point at a level. */
export function cellOf(point: LatLng, level: GeoLevel): string {
  return cellName(rowOf(point.latitude, level), columnOf(point.longitude, level));
}

/** The latitude that is nearest to `center` on the meridian `longitude` (unconstrained). */
function nearestLatitudeOnMeridian(center: LatLng, longitude: number): number {
  const dLng = Math.abs(wrapLongitude(longitude - center.longitude)) * RADIANS;
  if (dLng >= Math.PI / 2) return center.latitude >= 0 ? 90 : -90;
  return Math.atan(Math.tan(center.latitude * RADIANS) / Math.cos(dLng)) / RADIANS;
}

/**
 * The shortest great-circle distance from `center` to a cell (0 when inside). Exact, not a bound: when the
 * center's longitude is within the cell the nearest point is on its own meridian at the clamped latitude;
 * otherwise it is on the nearer side meridian, where the distance along the meridian has one minimum (at
 * nearestLatitudeOnMeridian), so the clamped minimum is the cell's.
 */
export function distanceToCellMiles(center: LatLng, row: number, column: number, level: GeoLevel): number {
  const south = row * level.step - 90;
  const west = column * level.step - 180;
  return distanceToBoxMiles(center, { south, north: south + level.step, west, east: west + level.step });
}

/** A latitude/longitude rectangle, west to east not across the antimeridian (every grid cell is one). */
export interface GeoBox {
  readonly south: number;
  readonly north: number;
  readonly west: number;
  readonly east: number;
}

/** The shortest great-circle distance from `center` to a box (0 when inside); exact, as distanceToCellMiles says. */
export function distanceToBoxMiles(center: LatLng, { south, north, west, east }: GeoBox): number {
  const step = east - west;
  const clampLatitude = (latitude: number) => Math.min(north, Math.max(south, latitude));
  const offset = wrapLongitude(center.longitude - west);
  if (offset >= 0 && offset < step) return haversineMiles(center, { latitude: clampLatitude(center.latitude), longitude: center.longitude });
  const toWest = Math.abs(wrapLongitude(west - center.longitude));
  const toEast = Math.abs(wrapLongitude(east - center.longitude));
  const side = toWest <= toEast ? west : east;
  return haversineMiles(center, { latitude: clampLatitude(nearestLatitudeOnMeridian(center, side)), longitude: side });
}

/**
 * The cells of a level that a circle touches, in a fixed order (row, then column): exactly those holding
 * at least one point within `radiusMiles` of `center` (what a search must read), no more.
 */
export function coverCells(center: LatLng, radiusMiles: number, level: GeoLevel): string[] {
  // The circle spans `reach` degrees of latitude either side, and at most `longitudeReach` degrees of
  // longitude (its widest, a little poleward of the center); every cell in that box is checked exactly.
  const reach = radiusMiles / EARTH_RADIUS_MILES;
  const latitudeReach = reach / RADIANS;
  const sine = Math.sin(reach) / Math.cos(center.latitude * RADIANS);
  const longitudeReach = sine >= 1 || !Number.isFinite(sine) ? 180 : Math.asin(sine) / RADIANS + 1e-9;
  const firstRow = rowOf(Math.max(-90, center.latitude - latitudeReach), level);
  const lastRow = rowOf(Math.min(90, center.latitude + latitudeReach), level);
  const columns = columnsOf(level);
  // Unwrapped column numbers, so a circle across the antimeridian (the Aleutians) wraps around.
  const longitude = wrapLongitude(center.longitude);
  const first = Math.floor((longitude - longitudeReach + 180) / level.step);
  const last = Math.floor((longitude + longitudeReach + 180) / level.step);
  const width = Math.min(columns, last - first + 1);
  const cells: string[] = [];
  for (let row = firstRow; row <= lastRow; row += 1) {
    for (let index = 0; index < width; index += 1) {
      const column = (((first + index) % columns) + columns) % columns;
      if (distanceToCellMiles(center, row, column, level) <= radiusMiles) cells.push(cellName(row, column));
    }
  }
  return [...new Set(cells)].sort(compareCells);
}

function compareCells(a: string, b: string): number {
  const [rowA, columnA] = a.split('.').map(Number) as [number, number];
  const [rowB, columnB] = b.split('.').map(Number) as [number, number];
  return rowA - rowB || columnA - columnB;
}

/**
 * The farthest any point of a box is from `center`: at a corner, for a box smaller than a hemisphere (along a
 * parallel the distance grows with the longitude difference; along a meridian it has one minimum and no
 * maximum inside). A bound the nearest-first order uses to know a box holds nothing beyond a distance.
 */
export function farthestInBoxMiles(center: LatLng, { south, north, west, east }: GeoBox): number {
  return Math.max(
    haversineMiles(center, { latitude: south, longitude: west }),
    haversineMiles(center, { latitude: south, longitude: east }),
    haversineMiles(center, { latitude: north, longitude: west }),
    haversineMiles(center, { latitude: north, longitude: east }),
  );
}

/**
 * The nearest-first index (sort=distance): one grid of one-degree *root* cells, each a partition whose sort key
 * starts with the event's position in the cell as a quadtree path, NEAR_ORDER_DEPTH base-4 digits (each digit
 * picks a quarter of the box before it: 1 east, 2 north, 3 both). Every quadtree node, from the whole cell
 * (path '') down to a leaf of 1/4096 degree (about 27 m), is then one contiguous key range, so a search reads
 * exactly the boxes it wants at whatever size the density calls for: a big box where races are few, small ones
 * in a city. Why not fixed fine cells sorted by date (like the radius search's): nearest-first must read a cell
 * whole over the date window, and a city's quarter-degree cell holds hundreds of races.
 */
export const NEAR_ORDER_LEVEL: GeoLevel = { id: 'n', step: 1, maxRadiusMiles: 100 };
export const NEAR_ORDER_DEPTH = 12;

/** A point's root cell and quadtree path (NEAR_ORDER_DEPTH digits) in the nearest-first index. */
export function nearOrderPathOf(point: LatLng): { cell: string; path: string } {
  const level = NEAR_ORDER_LEVEL;
  const row = rowOf(point.latitude, level);
  const column = columnOf(point.longitude, level);
  const scale = 2 ** NEAR_ORDER_DEPTH;
  const within = (value: number) => Math.min(scale - 1, Math.max(0, Math.floor(value * scale)));
  const y = within((point.latitude + 90) / level.step - row);
  const x = within((wrapLongitude(point.longitude) + 180) / level.step - column);
  let path = '';
  for (let bit = NEAR_ORDER_DEPTH - 1; bit >= 0; bit -= 1) path += String((((y >> bit) & 1) << 1) | ((x >> bit) & 1));
  return { cell: cellName(row, column), path };
}

/** The box of a quadtree node: root cell `<row>.<col>` of NEAR_ORDER_LEVEL and a path of base-4 digits. */
export function nearOrderBox(cell: string, path: string): GeoBox {
  const [row, column] = cell.split('.').map(Number) as [number, number];
  let size = NEAR_ORDER_LEVEL.step;
  let south = row * size - 90;
  let west = column * size - 180;
  for (const digit of path) {
    size /= 2;
    const quarter = Number(digit);
    if (quarter & 2) south += size;
    if (quarter & 1) west += size;
  }
  return { south, north: south + size, west, east: west + size };
}

/** Miles to one decimal, as cards show them ('12.3'). */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
