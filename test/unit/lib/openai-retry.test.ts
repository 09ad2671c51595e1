import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { COACH_CALL_ATTEMPTS, callModel, isTransientModelError } from '#lib/openai';

const apiError = (status: number, code: string | null = null, headers: Record<string, string> = {}) =>
  OpenAI.APIError.generate(status, { error: { message: 'x', type: 'x', param: null, code } }, 'x', new Headers(headers));

/** A call failing with `errors` in turn, then answering 'ok'; counts its attempts and the time each got. */
function flaky(errors: unknown[]) {
  const timeouts: number[] = [];
  return {
    timeouts,
    call: (timeout: number) => {
      timeouts.push(timeout);
      const error = errors.shift();
      return error ? Promise.reject(error) : Promise.resolve('ok');
    },
  };
}

const noWait = () => Promise.resolve();

describe('the coach retries the model', () => {
  it('tells passing failures (connection, 408, 409, 429, 5xx) from lasting ones (other 4xx, a spent quota)', () => {
    expect(isTransientModelError(new OpenAI.APIConnectionError({ message: 'socket hang up' }))).toBe(true);
    expect(isTransientModelError(new OpenAI.APIConnectionTimeoutError())).toBe(true);
    for (const status of [408, 409, 429, 500, 502, 503]) expect(isTransientModelError(apiError(status)), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 422]) expect(isTransientModelError(apiError(status)), String(status)).toBe(false);
    expect(isTransientModelError(apiError(429, 'insufficient_quota'))).toBe(false);
    expect(isTransientModelError(new Error('bug'))).toBe(false);
  });

  it('retries a transient failure and answers', async () => {
    const model = flaky([apiError(500), new OpenAI.APIConnectionError({ message: 'ECONNRESET' })]);
    await expect(callModel(model.call, { deadline: Date.now() + 20_000, sleep: noWait })).resolves.toBe('ok');
    expect(model.timeouts).toHaveLength(3);
  });

  it(`gives up after ${COACH_CALL_ATTEMPTS} attempts, at once on a lasting failure, and when no attempt fits before the deadline`, async () => {
    const always = flaky(Array.from({ length: 10 }, () => apiError(503)));
    await expect(callModel(always.call, { deadline: Date.now() + 20_000, sleep: noWait })).rejects.toMatchObject({ status: 503 });
    expect(always.timeouts).toHaveLength(COACH_CALL_ATTEMPTS);

    const lasting = flaky([apiError(401)]);
    await expect(callModel(lasting.call, { deadline: Date.now() + 20_000, sleep: noWait })).rejects.toMatchObject({ status: 401 });
    expect(lasting.timeouts).toHaveLength(1);

    const late = flaky([apiError(500)]);
    await expect(callModel(late.call, { deadline: Date.now() + 2_000, sleep: noWait })).rejects.toMatchObject({ status: 500 });
    expect(late.timeouts).toHaveLength(1);
    expect(late.timeouts[0]).toBeLessThanOrEqual(2_000);
  });

  it('waits what a 429 asks when short, and does not wait out a long one', async () => {
    const waits: number[] = [];
    const short = flaky([apiError(429, 'rate_limit_exceeded', { 'retry-after': '1' })]);
    await expect(callModel(short.call, { deadline: Date.now() + 20_000, sleep: async (ms) => void waits.push(ms) })).resolves.toBe('ok');
    expect(waits).toEqual([1000]);

    const long = flaky([apiError(429, 'rate_limit_exceeded', { 'retry-after': '60' })]);
    await expect(callModel(long.call, { deadline: Date.now() + 20_000, sleep: noWait })).rejects.toMatchObject({ status: 429 });
  });
});
