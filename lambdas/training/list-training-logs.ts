/** GET /api/me/training-logs: the caller's journal, a page at a time. */
import { TRAINING_ROUTES } from '#shared/routes/training';
import { listTrainingLogs } from '#data/training-log';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_ROUTES.listTrainingLogs, async ({ query, caller }) => listTrainingLogs(caller.sub, query));
