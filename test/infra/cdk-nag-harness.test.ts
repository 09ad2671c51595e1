import { NestedStack, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNTH_TIMEOUT_MS, synthesizeWith } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';

// The stack tests expect no findings; this proves the harness would see them if there were any.
describe('cdk-nag harness', () => {
  let synth: Synthesized<Stack>;
  beforeAll(() => {
    synth = synthesizeWith({}, (app) => {
      const stack = new Stack(app, 'Probe');
      new Bucket(stack, 'Careless');
      const acknowledged = new Bucket(stack, 'Acknowledged', { enforceSSL: true });
      Validations.of(acknowledged).acknowledge({ id: 'AwsSolutions-S1', reason: 'A probe bucket that exists only in this test' });
      // The API's areas are nested stacks: their resources must be checked as well.
      new Bucket(new NestedStack(stack, 'Nested'), 'CarelessInside');
      return stack;
    });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  it('reports AwsSolutions findings on a resource that breaks the rules', () => {
    const rules = synth.nagFindings.filter((finding) => finding.paths.includes('Probe/Careless/Resource')).map((f) => f.rule);
    expect(rules).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
  });

  it('reports findings on resources inside a nested stack', () => {
    const rules = synth.nagFindings.filter((finding) => finding.paths.includes('Probe/Nested/CarelessInside/Resource')).map((f) => f.rule);
    expect(rules).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
  });

  it('leaves out findings that were acknowledged or fixed', () => {
    const onAcknowledged = synth.nagFindings.filter((finding) =>
      finding.paths.some((path) => path.startsWith('Probe/Acknowledged/')),
    );
    expect(onAcknowledged).toEqual([]);
  });
});
