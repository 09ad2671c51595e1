/**
 * The event page's Course section, shown only for an event with a course (its summary is on the event, so an
 * event without one costs no request): loading, an error with a retry, then the course.
 */
import { Button } from '../button.tsx';
import { LoadingBlock } from '../spinner.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { CourseView } from './course-view.tsx';
import { useReaderUnit } from './course-units.ts';
import { useCourse } from './use-course.ts';

export default function CourseSection({ eventId }: { eventId: string }) {
  const course = useCourse(eventId);
  const unit = useReaderUnit();
  return (
    <section className="event-section" aria-labelledby="course-title">
      <h2 id="course-title" className="event-section__title">
        Course
      </h2>
      {course.isPending ? (
        <LoadingBlock label="Loading the course" />
      ) : course.isError ? (
        <div role="alert">
          <p>We couldn&apos;t load the course: {errorMessage(course.error)}</p>
          <Button size="sm" onClick={() => void course.refetch()}>
            Try again
          </Button>
        </div>
      ) : course.data ? (
        <CourseView course={course.data} unit={unit} />
      ) : (
        <p className="event-muted">The organizer has removed the course.</p>
      )}
    </section>
  );
}
