/**
 * The route as a line drawing from the course's simplified line (no map tiles): north up, distances true to scale
 * (longitude shrunk by the cosine of the latitude), the start and finish marked. For the eye; the section's text
 * carries what it says.
 */
import type { Course } from '#shared/schemas/course';

const SIZE = 320;
const PAD = 16;

/** The line's points in the sketch's box, scaled to fit with the aspect kept. */
export function sketchPoints(line: Course['line'], size = SIZE, pad = PAD): [number, number][] {
  if (line.length === 0) return [];
  const meanLat = line.reduce((sum, [lat]) => sum + lat, 0) / line.length;
  const cos = Math.cos((meanLat * Math.PI) / 180);
  const planar = line.map(([lat, lon]): [number, number] => [lon * cos, -lat]);
  const xs = planar.map(([x]) => x);
  const ys = planar.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const scale = (size - 2 * pad) / span;
  // Centred in the square: a long thin course sits in the middle, not along one edge.
  const offsetX = pad + (size - 2 * pad - (maxX - minX) * scale) / 2;
  const offsetY = pad + (size - 2 * pad - (maxY - minY) * scale) / 2;
  return planar.map(([x, y]) => [Math.round((offsetX + (x - minX) * scale) * 10) / 10, Math.round((offsetY + (y - minY) * scale) * 10) / 10]);
}

export function RouteSketch({ line, label }: { line: Course['line']; label: string }) {
  const points = sketchPoints(line);
  const start = points[0];
  const finish = points.at(-1);
  if (!start || !finish) return null;
  const loop = Math.hypot(start[0] - finish[0], start[1] - finish[1]) < 6;
  return (
    <svg className="route-sketch" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={label}>
      <polyline className="route-sketch__line" points={points.map(([x, y]) => `${x},${y}`).join(' ')} />
      <circle className="route-sketch__finish" cx={finish[0]} cy={finish[1]} r={loop ? 9 : 6} />
      <circle className="route-sketch__start" cx={start[0]} cy={start[1]} r={6} />
    </svg>
  );
}
