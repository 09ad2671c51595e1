/**
 * The preview cards in AWS: CloudFront sends /cards/* here (infra/site.ts) through a function URL only it may call;
 * card-response.ts answers. A function of its own, apart from the page function: the renderer and its fonts and
 * WebAssembly are megabytes the pages never need.
 */
import type { APIGatewayProxyStructuredResultV2, LambdaFunctionURLEvent } from 'aws-lambda';
import { CARD_VERSION_PARAM } from './card-format.ts';
import { answerCard } from './card-response.ts';

export async function handler(event: Pick<LambdaFunctionURLEvent, 'rawPath'> & Partial<Pick<LambdaFunctionURLEvent, 'rawQueryString'>>): Promise<APIGatewayProxyStructuredResultV2> {
  const answer = await answerCard(event.rawPath, new URLSearchParams(event.rawQueryString ?? '').get(CARD_VERSION_PARAM));
  const headers = { 'content-type': answer.contentType, 'cache-control': answer.cacheControl };
  if (answer.status === 302) return { statusCode: 302, headers: { ...headers, location: answer.location }, body: answer.body };
  if (answer.status === 404) return { statusCode: 404, headers, body: answer.body };
  return { statusCode: 200, headers, body: Buffer.from(answer.body).toString('base64'), isBase64Encoded: true };
}
