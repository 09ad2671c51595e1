/** The custom resource's onEvent handler (after-deploy.ts): starts the data migrations after a deploy. */
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { onEvent } from './after-deploy.ts';

export const handler = (event: CloudFormationCustomResourceEvent) => onEvent(event);
