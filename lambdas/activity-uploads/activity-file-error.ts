/**
 * Why a file gave no activity, in words the runner reads beside the file's name (FileOutcome.error). Not an
 * HttpError: the files are read by the import worker, long after the upload's request has been answered.
 */
export class ActivityFileError extends Error {
  override readonly name = 'ActivityFileError';
}

/**
 * An intact file of a kind that holds no recording: a FIT course, workout or settings file, a TCX course. Refused
 * when uploaded alone; passed over inside an export archive, which holds many such files beside the activities
 * (a Garmin export's uploaded files include the watch's settings and wellness files).
 */
export class NotAnActivityError extends ActivityFileError {}
