/** A course's figures in words: distance, climb, descent, lowest and highest point, and how hilly it is. */
import { enumLabel } from '#shared/event-vocabulary';
import type { CourseAnswer } from '#shared/schemas/course';
import type { DistanceUnit } from '#shared/units';
import { courseDistance, courseHeight } from './course-units.ts';

export function CourseFacts({ course, unit }: { course: CourseAnswer; unit: DistanceUnit }) {
  const facts: [string, string][] = [
    ['Distance', courseDistance(unit, course.distanceMeters)],
    ['Climb', courseHeight(unit, course.gainMeters)],
    ['Descent', courseHeight(unit, course.lossMeters)],
    // The class's name ('Rolling') is its ELEVATION_CLASS_LABELS word; enumLabel spells it so without the bounds module.
    ['Elevation', enumLabel(course.elevationClass)],
  ];
  if (course.minElevationMeters !== undefined && course.maxElevationMeters !== undefined) {
    facts.push(['Lowest – highest', `${courseHeight(unit, course.minElevationMeters)} – ${courseHeight(unit, course.maxElevationMeters)}`]);
  }
  return (
    <dl className="course-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="course-facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
