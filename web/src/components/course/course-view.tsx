/**
 * A course as the event page and the edit page show it: its figures, the elevation profile (uPlot, lazily loaded)
 * and the route sketch, drawn from the course the API answered.
 */
import { lazy, Suspense } from 'react';
import type { CourseAnswer } from '#shared/schemas/course';
import type { DistanceUnit } from '#shared/units';
import './course.css';
import { CourseFacts } from './course-facts.tsx';
import { courseDistance } from './course-units.ts';
import { RouteSketch } from './route-sketch.tsx';

const ProfileChart = lazy(() => import('./profile-chart.tsx'));

export function CourseView({ course, unit }: { course: CourseAnswer; unit: DistanceUnit }) {
  return (
    <div className="course-view">
      <CourseFacts course={course} unit={unit} />
      <div className="course-view__pictures">
        <figure className="course-view__profile">
          <figcaption>Elevation profile</figcaption>
          <Suspense fallback={<div className="profile-chart profile-chart--loading" aria-hidden="true" />}>
            <ProfileChart profile={course.profile} unit={unit} />
          </Suspense>
        </figure>
        <figure className="course-view__sketch">
          <figcaption>Route</figcaption>
          <RouteSketch line={course.line} label={`Sketch of the ${courseDistance(unit, course.distanceMeters)} route${course.name ? ` "${course.name}"` : ''}, from the start (green) to the finish (dark)`} />
        </figure>
      </div>
    </div>
  );
}
