/**
 * POST /api/admin/import-jobs: a RunSignup import is created (taking the source's lock) and handed to the
 * state machine, answering 202 with the pending job (503 when the machine cannot be started); a JSON paste
 * is imported synchronously and answered with the finished job. 409 while another import of the same
 * source runs.
 */
import { ADMIN_IMPORTS_ROUTES } from '#shared/routes/admin-imports';
import { createHandler } from '#handler';
import { importJsonEvents } from './json-import.ts';
import { startRunSignupImport } from './start-runsignup-import.ts';

export const handler = createHandler(ADMIN_IMPORTS_ROUTES.startImportJob, async ({ body, caller }) =>
  body.source === 'runsignup'
    ? startRunSignupImport(body.options, caller.sub)
    : importJsonEvents({ events: body.events, autoVerify: body.autoVerify, startedBy: caller.sub }),
);
