/**
 * CSV exports of events, users, organizations and newsletter subscribers (DESIGN section 11), produced as files for download: the
 * POST stores a job and hands it to the export worker, which runs outside API Gateway's 30 s; the screen
 * follows the job and downloads the finished file through a short-lived link. Admins only.
 */
import {
  ExportJobPathSchema,
  ExportJobSchema,
  ExportJobsPageSchema,
  ExportJobsQuerySchema,
  ExportJobWithDownloadSchema,
  StartExportBodySchema,
} from '../schemas/export-job.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_EXPORTS_ROUTES = defineRoutes({
  startExport: {
    method: 'POST',
    path: '/api/admin/exports',
    access: 'admin',
    data: 'read-write',
    handler: 'exports/start-export',
    request: { body: StartExportBodySchema },
    response: ExportJobSchema,
    status: 202,
    throttle: { rate: 1, burst: 5 },
    summary: 'Start a CSV export of events (with the admin list filters), users, organizations or newsletter subscribers; the worker writes the file',
  },
  listExports: {
    method: 'GET',
    path: '/api/admin/exports',
    access: 'admin',
    data: 'read',
    handler: 'exports/list-exports',
    request: { query: ExportJobsQuerySchema },
    response: ExportJobsPageSchema,
    summary: 'Recent export jobs, newest first',
  },
  getExport: {
    method: 'GET',
    path: '/api/admin/exports/{id}',
    access: 'admin',
    data: 'read',
    handler: 'exports/get-export',
    request: { path: ExportJobPathSchema },
    response: ExportJobWithDownloadSchema,
    summary: 'One export job; when completed, with a download link that works for a few minutes',
  },
});
