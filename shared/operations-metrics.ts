/**
 * Custom CloudWatch metrics the application emits and infra/operations.ts alarms on. They live in shared/ so
 * the code that emits a metric and the alarm that watches it name the same one: CloudWatch treats another
 * namespace, name or set of dimensions as another metric, and an alarm on a renamed metric never fires.
 */

/** Namespace of every custom metric of the application. */
export const METRICS_NAMESPACE = 'RaceFinder';

/**
 * The dimensions a custom metric carries: the one Powertools Metrics adds by itself from
 * POWERTOOLS_SERVICE_NAME, which infra/lambda-environment.ts sets to 'racefinder' for every function.
 */
export const METRICS_DIMENSIONS = { service: 'racefinder' } as const;

/**
 * Stripe webhook deliveries the handler could not apply: count 1 for each verified delivery whose processing
 * failed (a payment or promotion may be left unrecorded until Stripe's retry succeeds). The webhook handler
 * (Stripe arrives in a later issue) emits it, e.g. with Powertools Metrics:
 *   new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_DIMENSIONS.service })
 *     .addMetric(WEBHOOK_FAILURES_METRIC, MetricUnit.Count, 1)
 * A delivery with a bad signature is not a failure: it is a 400 anyone on the internet can cause, and must
 * not page the operators.
 */
export const WEBHOOK_FAILURES_METRIC = 'WebhookFailures';
