/**
 * The route table's throttles, applied locally the way API Gateway applies a stage's route settings: one
 * token bucket per route (shared by every caller), holding up to `burst` requests and refilled at `rate` a
 * second; a request that finds the bucket empty is answered 429 before the authorizer or the handler runs.
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
  /** Takes one request from the route's bucket: false when it is empty (answer 429). */
  take(routeKey: string, limits: ThrottleLimits | undefined): boolean;
}

export interface RouteThrottleOptions {
  /** Multiplies every rate and burst; default 1. */
  readonly scale?: number;
  /** Milliseconds clock (tests). */
  readonly now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createRouteThrottle(options: RouteThrottleOptions = {}): RouteThrottle {
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error(`The throttle scale must be positive, got ${scale}`);
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, Bucket>();
  return {
    take(routeKey, limits = DEFAULT_THROTTLE) {
      const rate = limits.rate * scale;
      const burst = Math.max(1, Math.floor(limits.burst * scale));
      const time = now();
      const bucket = buckets.get(routeKey) ?? { tokens: burst, at: time };
      bucket.tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * rate);
      bucket.at = time;
      buckets.set(routeKey, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
