/**
 * An event's course (GET /api/events/{id}/course): null when it has none (a 404 from the course, not the event),
 * so the edit page can offer an upload and the event page simply leaves the section out.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseAnswer } from '#shared/schemas/course';
import { coursesArea } from '../../lib/api-areas/courses.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useApi } from '../../lib/use-api.ts';

export const courseQueryKey = (eventId: string) => ['event-course', eventId] as const;

export function useCourse(eventId: string, enabled = true) {
  const api = useApi(coursesArea);
  return useQuery<CourseAnswer | null>({
    queryKey: courseQueryKey(eventId),
    queryFn: async ({ signal }) => {
      try {
        return await api('getEventCourse', { path: { id: eventId } }, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });
}

/** Sets what the page shows after an upload or a removal, without asking the server again. */
export function useSetCourse(eventId: string) {
  const queryClient = useQueryClient();
  return (course: CourseAnswer | null) => queryClient.setQueryData(courseQueryKey(eventId), course);
}
