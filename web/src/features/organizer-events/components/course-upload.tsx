/**
 * The edit page's Course section: the owner (or an admin) uploads the race's course as a GPX file, replaces it,
 * or removes it after confirming. A file is sent as soon as it is chosen (PUT /api/events/{id}/course) and takes
 * effect at once, apart from the form's Save; the server checks it and says what is wrong with a bad one, shown
 * here beside the file input. The course shown after an upload is the server's reading of the file.
 */
import { useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MAX_GPX_BYTES, type CourseAnswer } from '#shared/schemas/course';
import { Alert } from '../../../components/alert.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CourseView } from '../../../components/course/course-view.tsx';
import { useReaderUnit } from '../../../components/course/course-units.ts';
import { useCourse, useSetCourse } from '../../../components/course/use-course.ts';
import { LoadingBlock, Spinner } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { coursesArea } from '../../../lib/api-areas/courses.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatFileSize } from '../../../lib/file-size.ts';
import { useApi } from '../../../lib/use-api.ts';
import '../../../components/form-page.css';
import './course-upload.css';

const GPX_ACCEPT = '.gpx,application/gpx+xml';

export default function CourseUpload({ eventId }: { eventId: string }) {
  const id = useId();
  const course = useCourse(eventId);
  const setCourse = useSetCourse(eventId);
  const unit = useReaderUnit();
  const api = useApi(coursesArea);
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<{ file: string; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const upload = useMutation({
    mutationFn: async (file: File): Promise<CourseAnswer> => {
      if (file.size > MAX_GPX_BYTES) throw new Error(`The file is ${formatFileSize(file.size)}, more than the ${formatFileSize(MAX_GPX_BYTES)} a course may be. Export the course again with fewer points.`);
      return api('putEventCourse', { path: { id: eventId }, body: await file.text() });
    },
    onSuccess: (saved, file) => {
      setFileError(null);
      setCourse(saved);
      toast({ title: 'Course saved', description: `${file.name} is the course runners see now.` });
    },
    onError: (error, file) => setFileError({ file: file.name, message: errorMessage(error) }),
    // The same file chosen again (after fixing it) must fire a change: the input forgets its file either way.
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });

  const remove = useMutation({
    mutationFn: () => api('deleteEventCourse', { path: { id: eventId } }),
    onSuccess: () => {
      setConfirming(false);
      setCourse(null);
      toast({ title: 'Course removed', description: 'The event page no longer shows a course.' });
    },
    onError: (error) => {
      setConfirming(false);
      setFileError({ file: '', message: errorMessage(error) });
    },
  });

  const current = course.data;
  const busy = upload.isPending || remove.isPending;
  return (
    <section className="form-page__section course-upload" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="course-upload__title">
        Course
      </h2>
      <p className="course-upload__text">
        Upload the course as a GPX file, exported from your route planner or GPS watch (with elevations, up to {formatFileSize(MAX_GPX_BYTES)}). Runners
        see its elevation profile and a sketch of the route. A file you choose is saved at once; it does not wait for Save Changes.
      </p>
      {course.isPending ? (
        <LoadingBlock label="Loading the course" />
      ) : course.isError ? (
        <Alert tone="error" title="Unable to load the course">
          <p>{errorMessage(course.error)}</p>
          <Button size="sm" onClick={() => void course.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : current ? (
        <>
          <p className="course-upload__current">
            {current.name ? <>“{current.name}”, </> : null}
            {current.pointCount.toLocaleString('en-US')} points, uploaded {new Date(current.uploadedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}.
          </p>
          <CourseView course={current} unit={unit} />
        </>
      ) : (
        <p className="course-upload__empty">No course yet.</p>
      )}

      {fileError ? (
        <div id={`${id}-error`}>
          <Alert tone="error" title={fileError.file ? `${fileError.file} was not saved` : 'The course was not removed'}>
            <p>{fileError.message}</p>
          </Alert>
        </div>
      ) : null}

      <div className="course-upload__actions">
        {/* The input itself takes the focus and the keys (Enter or Space opens the file chooser); its label is what shows. */}
        <input
          ref={input}
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept={GPX_ACCEPT}
          disabled={busy}
          aria-describedby={fileError ? `${id}-error` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
          }}
        />
        <label className={buttonClass({ variant: current ? 'secondary' : 'primary' }, 'course-upload__pick')} htmlFor={`${id}-file`} aria-disabled={busy || undefined}>
          {upload.isPending ? (
            <>
              <Spinner size={16} label="Uploading" /> Uploading…
            </>
          ) : current ? (
            'Replace GPX file…'
          ) : (
            'Upload GPX file…'
          )}
        </label>
        {current ? (
          <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
            Remove course
          </Button>
        ) : null}
      </div>

      {confirming ? (
        <ConfirmDialog title="Remove the course?" confirmText={remove.isPending ? 'Removing…' : 'Remove course'} busy={remove.isPending} onConfirm={() => remove.mutate()} onCancel={() => setConfirming(false)}>
          <p>Runners will no longer see the elevation profile and route of this race, and it leaves the elevation filter. You can upload a file again later.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
