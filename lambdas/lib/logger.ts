import { Logger } from '@aws-lambda-powertools/logger';

/** The one logger. Log fields, never whole events, bodies or tokens. */
export const logger = new Logger({ serviceName: 'racefinder' });
