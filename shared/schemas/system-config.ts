/** The server-stored system configuration (GET/PUT /api/admin/system-config) and the public status. */
import * as z from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { SYSTEM_CONFIG_BOUNDS, type SystemConfigValues } from './system-config-defaults.ts';

function wholeNumber(label: string, bounds: { readonly min: number; readonly max: number }, unit: string) {
  return z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(bounds.min, `${label} must be at least ${bounds.min.toLocaleString('en-US')} ${unit}`)
    .max(bounds.max, `${label} must be at most ${bounds.max.toLocaleString('en-US')} ${unit}`);
}

/** Every setting, all required: a PUT replaces the whole configuration, so a client cannot half-save it. */
export const SystemConfigSettingsSchema = z.strictObject({
  maintenanceMode: z.boolean({ message: 'Maintenance mode must be on or off' }),
  registrationEnabled: z.boolean({ message: 'Registration must be on or off' }),
  emailNotifications: z.boolean({ message: 'E-mail notifications must be on or off' }),
  apiRateLimitPerHour: wholeNumber('API rate limit', SYSTEM_CONFIG_BOUNDS.apiRateLimitPerHour, 'requests/hour'),
  maxFileSizeMb: wholeNumber('Max file size', SYSTEM_CONFIG_BOUNDS.maxFileSizeMb, 'MB'),
  sessionTimeoutMinutes: wholeNumber('Session timeout', SYSTEM_CONFIG_BOUNDS.sessionTimeoutMinutes, 'minutes'),
}) satisfies z.ZodType<SystemConfigValues>;
export type SystemConfigSettings = z.infer<typeof SystemConfigSettingsSchema>;

/** The stored configuration: the settings and who changed them last (absent while the defaults apply). */
export const SystemConfigSchema = SystemConfigSettingsSchema.extend({
  updatedAt: IsoDateTimeSchema.optional(),
  updatedBy: z.object({ id: z.string(), email: z.string() }).optional(),
});
export type SystemConfig = z.infer<typeof SystemConfigSchema>;

/** GET /api/status: what every visitor's browser needs to know about the platform right now. */
export const SystemStatusSchema = z.object({
  maintenanceMode: z.boolean(),
  registrationEnabled: z.boolean(),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;
