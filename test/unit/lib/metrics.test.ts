import { describe, expect, it, vi } from 'vitest';
import { METRICS_DIMENSIONS, METRICS_NAMESPACE, WEBHOOK_FAILURES_METRIC } from '#shared/operations-metrics';
import type { countDocument} from '#lib/metrics';
import { countMetric } from '#lib/metrics';

describe('countMetric', () => {
  it('writes one EMF line, in the namespace and with the dimensions the alarm watches, inside Lambda only', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      countMetric(WEBHOOK_FAILURES_METRIC, {});
      expect(write).not.toHaveBeenCalled();
      countMetric(WEBHOOK_FAILURES_METRIC, { AWS_LAMBDA_FUNCTION_NAME: 'webhook' });
      expect(write).toHaveBeenCalledTimes(1);
      const document = JSON.parse(String(write.mock.calls[0]![0])) as ReturnType<typeof countDocument>;
      expect(document).toMatchObject({
        _aws: { CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['service']], Metrics: [{ Name: WEBHOOK_FAILURES_METRIC, Unit: 'Count' }] }] },
        service: METRICS_DIMENSIONS.service,
        [WEBHOOK_FAILURES_METRIC]: 1,
      });
    } finally {
      write.mockRestore();
    }
  });
});
