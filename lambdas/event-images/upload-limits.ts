/** The one rule for how big an upload may be: the system config's max file size (admins set it in MB). */
import type { SystemConfig } from '#shared/schemas/system-config';

export const maxFileBytesOf = (config: Pick<SystemConfig, 'maxFileSizeMb'>) => config.maxFileSizeMb * 1024 * 1024;
