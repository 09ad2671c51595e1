/** System routes: health. */
import * as z from 'zod';
import { defineRoutes } from './define.ts';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('reachable'),
  version: z.string(),
});

export const SYSTEM_ROUTES = defineRoutes({
  getHealth: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    data: 'read',
    handler: 'system/get-health',
    request: {},
    response: HealthSchema,
    cacheControl: 'no-store',
    summary: 'Database reachable and the deployed version',
  },
});
