/** GET /api/admin/health: database, sign-in and API measured at the moment of the request. */
import * as z from 'zod';
import { IsoDateTimeSchema } from './common.ts';

/** A check slower than this is a warning (product spec 001: database response over 1000 ms). */
export const HEALTH_WARNING_MS = 1000;

export const HealthStatusSchema = z.enum(['healthy', 'warning', 'error']);
export type HealthStatus = z.infer<typeof HealthStatusSchema>;

export const HealthCheckSchema = z.object({
  status: HealthStatusSchema,
  /** How long the check took, in whole milliseconds. */
  ms: z.number().int().nonnegative(),
  /** Why a check is not healthy, in words an admin can act on. */
  message: z.string().optional(),
});
export type HealthCheck = z.infer<typeof HealthCheckSchema>;

export const AdminHealthSchema = z.object({
  checkedAt: IsoDateTimeSchema,
  /** A timed point read of the table. */
  database: HealthCheckSchema,
  /** A timed fetch of the user pool's signing keys (its JWKS), which every sign-in depends on. */
  auth: HealthCheckSchema,
  /** The handler's own time; the screen adds the round trip it measured itself. */
  api: HealthCheckSchema,
});
export type AdminHealth = z.infer<typeof AdminHealthSchema>;

/** The status a check of `ms` milliseconds has, when it did not fail. */
export function statusForLatency(ms: number): HealthStatus {
  return ms > HEALTH_WARNING_MS ? 'warning' : 'healthy';
}
