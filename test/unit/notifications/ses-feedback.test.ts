/**
 * SES's bounce and complaint events as they arrive through SNS (lambdas/notifications/ses-feedback.ts): hard bounces
 * and complaints put every named recipient on the suppression list, at the time SES reports; transient bounces and
 * other event types put no one there; an event that does not parse fails the invocation, so Lambda retries it and
 * the error alarm sees it.
 */
import type { SNSEvent, SNSEventRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createFeedbackHandler, handler, type Suppress } from '../../../lambdas/notifications/ses-feedback.ts';
import type { SuppressionReason } from '../../../lambdas/data/email-suppression.ts';

const SNS_TIME = '2026-11-28T17:05:00.000Z';
const BOUNCE_TIME = '2026-11-28T17:04:12.345Z';
const mail = { timestamp: '2026-11-28T17:04:00.000Z', source: 'RaceFinder <alerts@races.example.com>', messageId: 'ses-1', destination: ['gone@example.com'] };

function snsRecord(message: unknown, messageId = 'sns-1'): SNSEventRecord {
  return {
    EventSource: 'aws:sns',
    EventVersion: '1.0',
    EventSubscriptionArn: 'arn:aws:sns:us-east-1:123456789012:feedback:sub',
    Sns: {
      Type: 'Notification',
      MessageId: messageId,
      TopicArn: 'arn:aws:sns:us-east-1:123456789012:feedback',
      Subject: '',
      Message: typeof message === 'string' ? message : JSON.stringify(message),
      Timestamp: SNS_TIME,
      SignatureVersion: '1',
      Signature: '',
      SigningCertUrl: '',
      UnsubscribeUrl: '',
      MessageAttributes: {},
    },
  };
}

const snsEvent = (...messages: unknown[]): SNSEvent => ({ Records: messages.map((message, index) => snsRecord(message, `sns-${index}`)) });

function recorder() {
  const calls: { address: string; reason: SuppressionReason; at: string }[] = [];
  const record: Suppress = (address, reason, at) => {
    calls.push({ address, reason, at: at.toISOString() });
    return Promise.resolve();
  };
  return { calls, run: createFeedbackHandler(record) };
}

const bounce = (bounceType: string, recipients: string[], extra: Record<string, unknown> = {}) => ({
  eventType: 'Bounce',
  mail,
  bounce: {
    bounceType,
    bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
    bouncedRecipients: recipients.map((emailAddress) => ({ emailAddress, action: 'failed', status: '5.1.1' })),
    timestamp: BOUNCE_TIME,
    feedbackId: 'feedback-1',
    ...extra,
  },
});

describe('SES feedback', () => {
  it('suppresses every recipient of a permanent bounce, at the time SES reports it', async () => {
    const { calls, run } = recorder();
    await run(snsEvent(bounce('Permanent', ['gone@example.com', 'Also.Gone@Example.org'])));
    expect(calls).toEqual([
      { address: 'gone@example.com', reason: 'bounce', at: BOUNCE_TIME },
      { address: 'Also.Gone@Example.org', reason: 'bounce', at: BOUNCE_TIME },
    ]);
  });

  it('suppresses the complaining recipients of a complaint', async () => {
    const { calls, run } = recorder();
    await run(
      snsEvent({
        eventType: 'Complaint',
        mail,
        complaint: { complainedRecipients: [{ emailAddress: 'annoyed@example.com' }], timestamp: BOUNCE_TIME, feedbackId: 'feedback-2', complaintFeedbackType: 'abuse' },
      }),
    );
    expect(calls).toEqual([{ address: 'annoyed@example.com', reason: 'complaint', at: BOUNCE_TIME }]);
  });

  it('ignores transient and undetermined bounces: the next message may well arrive', async () => {
    const { calls, run } = recorder();
    await run(snsEvent(bounce('Transient', ['full@example.com']), bounce('Undetermined', ['odd@example.com'])));
    expect(calls).toEqual([]);
  });

  it('ignores event types it does not handle, without failing', async () => {
    const { calls, run } = recorder();
    await run(snsEvent({ eventType: 'Delivery', mail, delivery: { recipients: ['fine@example.com'] } }, { notificationType: 'AmazonSnsSubscriptionSucceeded' }));
    expect(calls).toEqual([]);
  });

  it("uses the SNS message's time when the event has no usable time of its own", async () => {
    const { calls, run } = recorder();
    await run(snsEvent(bounce('Permanent', ['gone@example.com'], { timestamp: 'yesterday' })));
    expect(calls).toEqual([{ address: 'gone@example.com', reason: 'bounce', at: SNS_TIME }]);
  });

  it('handles every record of a delivery', async () => {
    const { calls, run } = recorder();
    await run(snsEvent(bounce('Permanent', ['one@example.com']), bounce('Permanent', ['two@example.com'])));
    expect(calls.map((call) => call.address)).toEqual(['one@example.com', 'two@example.com']);
  });

  it('fails a bounce or complaint that does not parse, so the delivery is retried and the error alarm sees it', async () => {
    const { calls, run } = recorder();
    await expect(run(snsEvent(bounce('Permanent', [])))).rejects.toThrow();
    await expect(run(snsEvent({ eventType: 'Complaint', mail, complaint: { complainedRecipients: [{ emailAddress: 'no-at-sign' }] } }))).rejects.toThrow();
    await expect(run(snsEvent('not json'))).rejects.toThrow();
    expect(calls).toEqual([]);
  });

  it('fails when the suppression list cannot be written', async () => {
    const run = createFeedbackHandler(() => Promise.reject(new Error('table unavailable')));
    await expect(run(snsEvent(bounce('Permanent', ['gone@example.com'])))).rejects.toThrow('table unavailable');
  });

  it('exports the handler Lambda runs', () => {
    expect(typeof handler).toBe('function');
  });
});
