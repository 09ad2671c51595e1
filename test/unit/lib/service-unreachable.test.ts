import { describe, expect, it } from 'vitest';
import { isServiceUnreachable } from '#lib/service-unreachable';

/** Shaped as the AWS SDK throws: the transport error with the retry middleware's $metadata added. */
const sdkError = (fields: Record<string, unknown>) => Object.assign(new Error('sdk'), { $metadata: { attempts: 3 } }, fields);

describe('isServiceUnreachable', () => {
  it("recognises the SDK's refused, reset and timed-out connections, also wrapped", () => {
    expect(isServiceUnreachable(sdkError({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isServiceUnreachable(sdkError({ code: 'ECONNRESET' }))).toBe(true);
    expect(isServiceUnreachable(Object.assign(sdkError({}), { name: 'TimeoutError' }))).toBe(true);
    expect(isServiceUnreachable(new Error('transaction failed', { cause: sdkError({ code: 'ENOTFOUND' }) }))).toBe(true);
  });

  it("leaves alone the service's own answers and transport errors that did not come through the SDK", () => {
    expect(isServiceUnreachable(Object.assign(sdkError({}), { name: 'ConditionalCheckFailedException' }))).toBe(false);
    expect(isServiceUnreachable(Object.assign(sdkError({}), { name: 'ValidationException' }))).toBe(false);
    expect(isServiceUnreachable(Object.assign(new Error('fetch failed'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isServiceUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isServiceUnreachable(undefined)).toBe(false);
  });
});
