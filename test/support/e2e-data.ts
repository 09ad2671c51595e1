/**
 * For an end-to-end test that must set up what no screen can, such as a plan started three weeks ago: points
 * the handlers' data layer, in this test's own process, at the e2e stack's table, the way the local stack
 * points its own handlers (infra/local/handler-env.ts). Call it before the first dynamic import of a `#data/`
 * module (they read their configuration when they load).
 */
import { inject } from 'vitest';
import { applyHandlerEnvironment } from '../../infra/local/handler-env.ts';

export function pointDataLayerAtE2eStack(): void {
  const { tableName, dynamoEndpoint } = inject('e2eStack');
  applyHandlerEnvironment({ tableName, dynamoEndpoint, logLevel: 'SILENT' });
}
