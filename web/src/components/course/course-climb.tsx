/** A card's climb: the course's total gain in the reader's units ('Climb 1,240 ft'), for events with a course. */
import { formatElevation } from '#shared/elevation-format';
import { useReaderUnit } from './reader-unit.ts';

export function CourseClimb({ gainMeters }: { gainMeters: number }) {
  return <li className="event-card__climb">Climb {formatElevation(useReaderUnit(), gainMeters)}</li>;
}
