/** System routes: health and the platform status every page may need (maintenance, registration). */
import * as z from 'zod';
import { SystemStatusSchema } from '../schemas/system-config.ts';
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
  getStatus: {
    method: 'GET',
    path: '/api/status',
    access: 'public',
    data: 'read',
    handler: 'system/get-status',
    request: {},
    response: SystemStatusSchema,
    // Every visit asks once; a short shared cache keeps that cheap, and a switch shows within half a minute.
    cacheControl: 'public, max-age=30',
    throttle: { rate: 100, burst: 200 },
    summary: 'Whether maintenance mode is on and sign-up is open',
  },
});
