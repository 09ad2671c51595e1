/**
 * The configuration form's fields: label, what the setting does today (honestly: some are only stored), and
 * for numbers the unit and bounds. Beside the panel, as Cloudscape demos keep column definitions beside a table.
 */
import { SYSTEM_CONFIG_BOUNDS, type SystemConfigValues } from '#shared/schemas/system-config-defaults';

type BooleanKey = { [K in keyof SystemConfigValues]: SystemConfigValues[K] extends boolean ? K : never }[keyof SystemConfigValues];
type NumberKey = { [K in keyof SystemConfigValues]: SystemConfigValues[K] extends number ? K : never }[keyof SystemConfigValues];

export interface ToggleField {
  readonly key: BooleanKey;
  readonly label: string;
  readonly description: string;
}

export interface NumberField {
  readonly key: NumberKey;
  readonly label: string;
  readonly unit: string;
  readonly description: string;
}

export const TOGGLE_FIELDS: readonly ToggleField[] = [
  {
    key: 'maintenanceMode',
    label: 'Maintenance mode',
    description: 'Every page shows a maintenance banner and changes by anyone but admins are refused. Browsing goes on.',
  },
  {
    key: 'registrationEnabled',
    label: 'Registration enabled',
    description: 'Off: new accounts are refused at sign-up (e-mail and Google). Existing users sign in as usual.',
  },
  {
    key: 'emailNotifications',
    label: 'E-mail notifications',
    description: 'Off: no optional e-mail goes out (race alerts, digests, the weekly summary). Account decisions and receipts are always e-mailed, and the in-app inbox is unchanged.',
  },
];

export const NUMBER_FIELDS: readonly NumberField[] = [
  {
    key: 'apiRateLimitPerHour',
    label: 'API rate limit',
    unit: 'requests/hour',
    description: "Stored for now: the API's per-route throttles and the firewall's rate rule limit requests today.",
  },
  {
    key: 'maxFileSizeMb',
    label: 'Max file size',
    unit: 'MB',
    description: 'Stored for now: no part of RaceFinder accepts file uploads yet.',
  },
  {
    key: 'sessionTimeoutMinutes',
    label: 'Session timeout',
    unit: 'minutes',
    description: "Stored for now: sessions follow the user pool's token lifetimes (one hour, renewed while signed in).",
  },
];

export function boundsText(field: NumberField): string {
  const { min, max } = SYSTEM_CONFIG_BOUNDS[field.key];
  return `${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} ${field.unit}`;
}
