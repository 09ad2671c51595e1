/**
 * The route table's throttles, applied locally the way API Gateway applies a stage's route settings: token
 * buckets holding up to `burst` requests and refilled at `rate` a second; a request that finds its bucket empty
 * is answered 429 before the handler runs. The gateway chooses the bucket (gateway.ts): an open route has one
 * for every caller, a signed-in route one per verified user, and the requests without a valid token to
 * signed-in routes one per client IP (ANONYMOUS_SIGNED_IN_LIMIT).
 *
 * `scale` multiplies both numbers. `npm start` and the end-to-end stack use the real limits (1); the shared
 * integration stack scales them up (test/support/integration-global.ts) because its property tests send
 * hundreds of requests a second to one route, which real clients never do. test/integration/local-gateway
 * shows the 429 at the real limits.
 */
import { DEFAULT_THROTTLE } from '#shared/routes';

export interface ThrottleLimits {
  readonly rate: number;
  readonly burst: number;
}

export interface RouteThrottle {
  /** Takes one request from the bucket named `key`: false when it is empty (answer 429). */
  take(key: string, limits: ThrottleLimits | undefined): boolean;
}

/** A limit of so many requests in a window, as a bucket: the whole window's requests at once, refilled evenly. */
export function windowLimits(limit: { readonly requests: number; readonly windowSeconds: number }): ThrottleLimits {
  return { rate: limit.requests / limit.windowSeconds, burst: limit.requests };
}

/** Buckets kept before full ones are dropped: one per caller and route adds up over a long `npm start`. */
const MAX_BUCKETS = 10_000;

export interface RouteThrottleOptions {
  /** Multiplies every rate and burst; default 1. */
  readonly scale?: number;
  /** Milliseconds clock (tests). */
  readonly now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
  readonly rate: number;
  readonly burst: number;
}

export function createRouteThrottle(options: RouteThrottleOptions = {}): RouteThrottle {
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error(`The throttle scale must be positive, got ${scale}`);
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, Bucket>();
  // A bucket that has refilled is the same as none: the next request starts a new one full.
  const dropFullBuckets = (time: number) => {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + ((time - bucket.at) / 1000) * bucket.rate >= bucket.burst) buckets.delete(key);
    }
  };
  return {
    take(key, limits = DEFAULT_THROTTLE) {
      const rate = limits.rate * scale;
      const burst = Math.max(1, Math.floor(limits.burst * scale));
      const time = now();
      if (buckets.size >= MAX_BUCKETS && !buckets.has(key)) dropFullBuckets(time);
      const bucket = buckets.get(key) ?? { tokens: burst, at: time, rate, burst };
      bucket.tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * rate);
      bucket.at = time;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
