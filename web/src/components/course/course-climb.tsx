/** A card's climb: the course's total gain in the reader's units ('Climb 1,240 ft'), for events with a course. */
import { courseHeight, useReaderUnit } from './course-units.ts';

export function CourseClimb({ gainMeters }: { gainMeters: number }) {
  const unit = useReaderUnit();
  return (
    <li className="event-card__climb">
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M1.5 13.5l4.5-7 3 4 2-3 3.5 6z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
      <span>Climb {courseHeight(unit, gainMeters)}</span>
    </li>
  );
}
