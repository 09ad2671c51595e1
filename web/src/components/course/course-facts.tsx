/** A course's figures in words: distance, climb, descent, lowest and highest point, and how hilly it is. */
import { ELEVATION_CLASS_LABELS, elevationClassOf } from '#shared/course-elevation';
import type { CourseSummary } from '#shared/schemas/course';
import type { DistanceUnit } from '#shared/units';
import { courseDistance, courseHeight } from './course-units.ts';

export function CourseFacts({ course, unit }: { course: CourseSummary & { minElevationMeters?: number; maxElevationMeters?: number }; unit: DistanceUnit }) {
  const facts: [string, string][] = [
    ['Distance', courseDistance(unit, course.distanceMeters)],
    ['Climb', courseHeight(unit, course.gainMeters)],
    ['Descent', courseHeight(unit, course.lossMeters)],
    ['Terrain', ELEVATION_CLASS_LABELS[elevationClassOf(course.gainMeters, course.distanceMeters)]],
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
