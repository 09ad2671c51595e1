/**
 * For an end-to-end test that must set up what no screen can, such as a plan started three weeks ago: points
 * the handlers' data layer, in this test's own process, at the e2e stack's table. Call it before the first
 * dynamic import of a `#data/` module (they read their configuration when they load).
 */
import { inject } from 'vitest';
import { handlerEnvironment, offAwsEnvironment } from '../../infra/lambda-environment.ts';

export function pointDataLayerAtE2eStack(): void {
  const stack = inject('e2eStack');
  const environment = {
    ...handlerEnvironment({ tableName: stack.tableName, appVersion: 'e2e', superAdminEmails: '' }),
    ...offAwsEnvironment({ dynamoEndpoint: stack.dynamoEndpoint, logLevel: 'SILENT' }),
  };
  for (const [name, value] of Object.entries(environment)) {
    if (name === 'AWS_ACCESS_KEY_ID' || name === 'AWS_SECRET_ACCESS_KEY') process.env[name] ??= value;
    else process.env[name] = value;
  }
}
