/**
 * The system configuration's fields, defaults and bounds (product spec 001, section 9), without zod: the
 * Cognito pre-sign-up trigger and the handler wrapper's maintenance check read the stored configuration
 * through code that must stay small and quick to load. shared/schemas/system-config.ts builds the zod schema
 * from these same numbers.
 */
export interface SystemConfigValues {
  /** On: every write by a non-admin is refused with 503 and the public site shows a banner. */
  readonly maintenanceMode: boolean;
  /** Off: new accounts cannot be created (Cognito pre-sign-up trigger); existing users sign in as before. */
  readonly registrationEnabled: boolean;
  readonly emailNotifications: boolean;
  readonly apiRateLimitPerHour: number;
  readonly maxFileSizeMb: number;
  readonly sessionTimeoutMinutes: number;
}

export const SYSTEM_CONFIG_DEFAULTS: SystemConfigValues = {
  maintenanceMode: false,
  registrationEnabled: true,
  emailNotifications: true,
  apiRateLimitPerHour: 1000,
  maxFileSizeMb: 10,
  sessionTimeoutMinutes: 60,
};

/** Inclusive bounds of the numeric settings: wide enough for any real use, narrow enough to refuse typos. */
export const SYSTEM_CONFIG_BOUNDS = {
  apiRateLimitPerHour: { min: 60, max: 100_000 },
  maxFileSizeMb: { min: 1, max: 100 },
  // Cognito ID and access tokens live 5 minutes to 1 day.
  sessionTimeoutMinutes: { min: 5, max: 1440 },
} as const satisfies Record<string, { min: number; max: number }>;

export const SYSTEM_CONFIG_FIELDS = [
  'maintenanceMode',
  'registrationEnabled',
  'emailNotifications',
  'apiRateLimitPerHour',
  'maxFileSizeMb',
  'sessionTimeoutMinutes',
] as const satisfies readonly (keyof SystemConfigValues)[];

/** What a non-admin's write is refused with while maintenance mode is on. */
export const MAINTENANCE_MESSAGE =
  'RaceFinder is under maintenance: changes cannot be saved right now. Browsing works as usual; please try again later.';

/** Why a sign-up is refused while registration is disabled (the trigger's error, shown by the sign-up form). */
export const REGISTRATION_CLOSED_MESSAGE = 'New registrations are currently closed. Please try again later.';
