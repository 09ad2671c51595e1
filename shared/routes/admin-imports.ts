/** Catalogue imports (DESIGN section 8): start a RunSignup or JSON import job and follow the jobs. Admins only. */
import {
  ImportJobPathSchema,
  ImportJobSchema,
  ImportJobsPageSchema,
  ImportJobsQuerySchema,
  StartImportJobBodySchema,
} from '../schemas/import-job.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_IMPORTS_ROUTES = defineRoutes({
  startImportJob: {
    method: 'POST',
    path: '/api/admin/import-jobs',
    access: 'admin',
    data: 'read-write',
    handler: 'imports/start-import-job',
    request: { body: StartImportJobBodySchema },
    response: ImportJobSchema,
    status: 202,
    throttle: { rate: 1, burst: 5 },
    summary: 'Start a RunSignup import (run by the state machine) or import pasted JSON events; 409 while one runs',
  },
  listImportJobs: {
    method: 'GET',
    path: '/api/admin/import-jobs',
    access: 'admin',
    data: 'read',
    handler: 'imports/list-import-jobs',
    request: { query: ImportJobsQuerySchema },
    response: ImportJobsPageSchema,
    summary: 'Import jobs, newest first',
  },
  getImportJob: {
    method: 'GET',
    path: '/api/admin/import-jobs/{id}',
    access: 'admin',
    data: 'read',
    handler: 'imports/get-import-job',
    request: { path: ImportJobPathSchema },
    response: ImportJobSchema,
    summary: 'One import job with its counts and errors',
  },
});
