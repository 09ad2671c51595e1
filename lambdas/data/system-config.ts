/** No defineEntity here: its reader checks each field against the defaults (a wrong type falls back), which a schema-field reader would not, and it stays zod-free. */
/**
 * The system configuration: one item, written by super admins (PUT /api/admin/system-config) and read by the
 * handler wrapper's maintenance check, the public status route and the Cognito pre-sign-up trigger.
 *
 * | item          | PK     | SK     |
 * | system config | CONFIG | SYSTEM |
 *
 * Access pattern (docs/data-model.md): the system configuration (table, PK = CONFIG, SK = SYSTEM). Until it is first saved
 * the item does not exist and the defaults of product spec 001 apply.
 *
 * Free of zod at run time (the pre-sign-up trigger imports it): a stored item is read field by field over the
 * defaults, so an attribute of the wrong type falls back to its default instead of failing a request.
 */
import {
  SYSTEM_CONFIG_DEFAULTS,
  SYSTEM_CONFIG_FIELDS,
  type SystemConfigValues,
} from '#shared/schemas/system-config-defaults';
import type { SystemConfig } from '#shared/schemas/system-config';
import { table } from '#lib/kit/table';
import { logger } from '#lib/logger';
import { ttlCache } from '#lib/ttl-cache';

export const SYSTEM_CONFIG_KEY = { PK: 'CONFIG', SK: 'SYSTEM' } as const;

/**
 * How long a container trusts the configuration it read: a switch reaches every warm function within this
 * time, and a busy function reads the item at most once per interval instead of on every write.
 */
export const SYSTEM_CONFIG_CACHE_MS = 5_000;

/** The configuration a stored item says, over the defaults; what the admin screen shows. */
export function fromSystemConfigItem(item: Readonly<Record<string, unknown>> | undefined): SystemConfig {
  const settings: Record<string, unknown> = { ...SYSTEM_CONFIG_DEFAULTS };
  for (const field of SYSTEM_CONFIG_FIELDS) {
    const value = item?.[field];
    if (typeof value === typeof SYSTEM_CONFIG_DEFAULTS[field]) settings[field] = value;
  }
  const updatedBy = item?.updatedBy as { id?: unknown; email?: unknown } | undefined;
  return {
    ...(settings as unknown as SystemConfigValues),
    ...(typeof item?.updatedAt === 'string' ? { updatedAt: item.updatedAt } : {}),
    ...(typeof updatedBy?.id === 'string' && typeof updatedBy.email === 'string'
      ? { updatedBy: { id: updatedBy.id, email: updatedBy.email } }
      : {}),
  };
}

/** A consistent read: an admin who just saved sees what they saved. */
export async function getSystemConfig(): Promise<SystemConfig> {
  const { Item } = await table.get({ Key: SYSTEM_CONFIG_KEY, ConsistentRead: true });
  return fromSystemConfigItem(Item);
}

/** Replaces the whole configuration, recording who changed it and when. */
export async function putSystemConfig(
  settings: SystemConfigValues,
  by: { readonly id: string; readonly email: string },
  now = new Date(),
): Promise<SystemConfig> {
  const values = Object.fromEntries(SYSTEM_CONFIG_FIELDS.map((field) => [field, settings[field]])) as unknown as SystemConfigValues;
  const stored: SystemConfig = { ...values, updatedAt: now.toISOString(), updatedBy: { id: by.id, email: by.email } };
  await table.put({ Item: { ...SYSTEM_CONFIG_KEY, entity: 'systemConfig', ...stored } });
  cachedSystemConfig.clear();
  return stored;
}

/** This container's copy of the configuration, at most SYSTEM_CONFIG_CACHE_MS old. */
export const cachedSystemConfig = ttlCache(getSystemConfig, SYSTEM_CONFIG_CACHE_MS);

/**
 * Whether maintenance mode is on, for the handler wrapper. When the item cannot be read the write goes on
 * (and meets the same database): a configuration read must not turn a working platform read-only.
 */
export async function isMaintenanceMode(): Promise<boolean> {
  try {
    return (await cachedSystemConfig.get()).maintenanceMode;
  } catch (error) {
    logger.warn('system configuration unreadable; maintenance check skipped', { error: error as Error });
    return false;
  }
}
