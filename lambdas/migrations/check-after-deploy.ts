/** The custom resource's isComplete handler (after-deploy.ts): waits for the data migrations a deploy started. */
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { isComplete } from './after-deploy.ts';

export const handler = (event: CloudFormationCustomResourceEvent & { Data?: { ExecutionArn?: string } }) => isComplete(event);
