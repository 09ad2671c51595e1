/**
 * An event's race course, from the GPX file its organizer uploaded (issue 24): the simplified line and the
 * smoothed elevation profile, for the event page's sketch and chart. Its summary (distance, gain, loss) is kept
 * on the event too (`course`), written in the same transaction, so cards, search postings and the elevation
 * filter (search-index.ts IDX#ELEV#<class>) read it without this item, and the two never disagree.
 *
 * | item   | PK          | SK     | attributes                                                              |
 * | course | EVENT#<id>  | COURSE | eventId, name, distanceMeters, gainMeters, lossMeters, line, profile, min/maxElevationMeters, pointCount, uploadedAt |
 *
 * The file itself is not kept: what the page shows is computed once, at upload (lambdas/courses/). The item is a
 * few hundred points at most (MAX_LINE_POINTS, MAX_PROFILE_POINTS), far under DynamoDB's 400 KB. Deleting the
 * event deletes it in the same transaction (event.ts deleteEvent, by eventCourseKey). The elevation class is not
 * stored: the API adds it at reading (CourseAnswer), so the classes' bounds can change without a migration of courses.
 * An upload or removal is not an event change record (organizer-event.ts): admins see the course on the event page.
 *
 * Who may change it: the event's owner (its organizerId) or an admin, as for the event's other edits
 * (organizer-event.ts editOrganizerEvent); anyone else is told the event does not exist. Who may read it: whoever
 * may see the event (event-visibility.ts).
 *
 * Access patterns (docs/data-model.md): an event's course (table, PK = EVENT#<id>, SK = COURSE).
 */
import { roleSatisfies } from '#shared/roles';
import { elevationClassOf } from '#shared/course-elevation';
import { CourseSchema, type Course, type CourseAnswer } from '#shared/schemas/course';
import type { RaceEvent } from '#shared/schemas/event';
import type { Caller } from '#lib/caller';
import { defineEntity } from '#lib/kit/entity';
import { NotFoundError } from '#lib/errors';
import { actorOf, eventChangeItem } from './event-change.ts';
import { eventCourseKey, getEvent, updateEvent } from './event.ts';
import { eventNotFound, getVisibleEvent } from './event-visibility.ts';

export const courseKey = eventCourseKey;

const courses = defineEntity<Course, [string]>({ name: 'course', key: courseKey, schema: CourseSchema });

/** The event has no course (a 404 the event page reads as "no course yet"). */
export class CourseNotFoundError extends NotFoundError {
  constructor() {
    super('This event has no course yet');
  }
}

/** The event when the caller may change it (its owner, or an admin); a 404 for everyone else, as for a missing event. */
async function editableEvent(caller: Caller, eventId: string): Promise<RaceEvent> {
  const event = await getEvent(eventId);
  if (!event || (event.organizerId !== caller.sub && !roleSatisfies(caller.profile.role, 'admin'))) throw eventNotFound(eventId);
  return event;
}

/** A course as the API answers it: with its elevation class. */
const answerOf = (course: Course): CourseAnswer => ({ ...course, elevationClass: elevationClassOf(course.gainMeters, course.distanceMeters) });

/** The course of an event the caller may see. */
export async function getCourse(eventId: string, caller: Caller | undefined): Promise<CourseAnswer> {
  await getVisibleEvent(eventId, caller);
  const course = await courses.get(courseKey(eventId));
  if (!course) throw new CourseNotFoundError();
  return answerOf(course);
}

/**
 * Puts (or replaces) an event's course (`contentOf` reads it from the file, after the caller's right is checked) and its summary on the event, in one transaction with the event's
 * postings (an elevation class may change) and a change record, conditional on the event being as read.
 */
export async function putCourse(
  caller: Caller,
  eventId: string,
  contentOf: () => Omit<Course, 'eventId' | 'uploadedAt'>,
  now: Date = new Date(),
): Promise<CourseAnswer> {
  const before = await editableEvent(caller, eventId);
  // The file is read only for a caller who may change the event: anyone else learns nothing, not even that it was bad.
  const course: Course = { ...contentOf(), eventId, uploadedAt: now.toISOString() };
  const summary = { distanceMeters: course.distanceMeters, gainMeters: course.gainMeters, lossMeters: course.lossMeters };
  await updateEvent(eventId, { course: summary }, now, {
    expectedUpdatedAt: before.updatedAt,
    extraItems: [
      { Put: { Item: courses.item(courseKey(eventId), course) } },
      eventChangeItem(before, [{ name: 'course', before: before.course ?? null, after: summary }], actorOf(caller), now),
    ],
  });
  return answerOf(course);
}

/** Removes an event's course and its summary, with a change record; a 404 when it has none. */
export async function deleteCourse(caller: Caller, eventId: string, now: Date = new Date()): Promise<undefined> {
  const before = await editableEvent(caller, eventId);
  if (!before.course) throw new CourseNotFoundError();
  await updateEvent(eventId, { course: undefined }, now, {
    expectedUpdatedAt: before.updatedAt,
    extraItems: [{ Delete: { Key: courseKey(eventId) } }, eventChangeItem(before, [{ name: 'course', before: before.course, after: null }], actorOf(caller), now)],
  });
  return undefined;
}
