/**
 * Custom metrics without a client: one line of CloudWatch Embedded Metric Format on stdout, which Lambda's log
 * pipeline turns into the metric (no API call on the request path, no extra permission). Names and dimensions
 * come from shared/operations-metrics.ts, the same constants the alarms in infra/operations.ts watch.
 */
import { METRICS_DIMENSIONS, METRICS_NAMESPACE } from '#shared/operations-metrics';

/** The EMF document of a count of 1 for `metric`, as written (exported for its test). */
export function countDocument(metric: string, now: Date = new Date()): Record<string, unknown> {
  return {
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [Object.keys(METRICS_DIMENSIONS)], Metrics: [{ Name: metric, Unit: 'Count' }] }],
    },
    ...METRICS_DIMENSIONS,
    [metric]: 1,
  };
}

/**
 * Counts one occurrence of `metric`. Only inside Lambda, whose log pipeline reads EMF; off AWS (npm start, the
 * tests) there is no CloudWatch to read it, and the caller's own log line says what happened.
 */
export function countMetric(metric: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!env.AWS_LAMBDA_FUNCTION_NAME) return;
  process.stdout.write(`${JSON.stringify(countDocument(metric))}\n`);
}
