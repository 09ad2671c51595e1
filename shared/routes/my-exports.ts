/**
 * "Export my data": the signed-in person asks for a ZIP of everything RaceFinder keeps about them and follows
 * the job until the file is ready, then downloads it through a link that works for a few minutes. Each person
 * sees only their own exports.
 */
import { PersonalExportPathSchema, PersonalExportSchema, PersonalExportWithDownloadSchema } from '../schemas/personal-export.ts';
import { defineRoutes } from './define.ts';

export const MY_EXPORTS_ROUTES = defineRoutes({
  startMyExport: {
    method: 'POST',
    path: '/api/me/exports',
    access: 'user',
    data: 'read-write',
    handler: 'exports/start-my-export',
    request: {},
    response: PersonalExportSchema,
    status: 202,
    // Each export reads the person's whole partition: a few a minute is plenty for anyone.
    throttle: { rate: 1, burst: 3 },
    summary: "Start an export of the caller's data as a ZIP (or answer the export already under way); the export worker writes the file",
  },
  getMyExport: {
    method: 'GET',
    path: '/api/me/exports/{id}',
    access: 'user',
    data: 'read',
    handler: 'exports/get-my-export',
    request: { path: PersonalExportPathSchema },
    response: PersonalExportWithDownloadSchema,
    summary: "One of the caller's own exports; when completed, with a download link that works for a few minutes",
  },
});
