/**
 * What the event page's Course section holds (the page draws the section and its heading, and shows this only for
 * an event with a course: its summary is on the event, so an event without one costs no request): loading, an
 * error with a retry, then the course.
 */
import { Button } from '../button.tsx';
import { LoadingBlock } from '../spinner.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { CourseView } from './course-view.tsx';
import { useReaderUnit } from './course-units.ts';
import { useCourse } from './use-course.ts';

export default function CourseSectionBody({ eventId }: { eventId: string }) {
  const course = useCourse(eventId);
  const unit = useReaderUnit();
  if (course.isPending) return <LoadingBlock label="Loading the course" />;
  if (course.isError) {
    return (
      <div role="alert" className="course-view__error">
        <p>We couldn&apos;t load the course: {errorMessage(course.error)}</p>
        <Button size="sm" onClick={() => void course.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!course.data) return <p className="course-view__none">The organizer has removed the course.</p>;
  return <CourseView course={course.data} unit={unit} />;
}
