/**
 * The local SES stand-in driven by the official `@aws-sdk/client-sesv2`, as the sender will drive it: Simple
 * messages with List-Unsubscribe headers kept whole, SES's typed errors for bad input, injected faults the
 * SDK sees as SES's own, and the mailbox (JSON, its pages, the gateway's read-through), escaped and sandboxed.
 */
import { request as httpRequest } from 'node:http';
import {
  BadRequestException,
  InternalServiceErrorException,
  MessageRejected,
  SESv2Client,
  SendEmailCommand,
  TooManyRequestsException,
  type SendEmailCommandInput,
} from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../../../infra/local/gateway.ts';
import { startGatewayWithoutCognito } from '../../support/gateway-without-cognito.ts';
import { MAIL_FRAME_SANDBOX } from '../../../infra/local/ses/mailbox-page.ts';
import type { KeptMessage } from '../../../infra/local/ses/mailbox.ts';
import { startSesStandIn, type SesStandIn } from '../../../infra/local/ses/stand-in.ts';

const START = Date.UTC(2026, 10, 28, 21, 0, 0);
let clock = START;
let standIn: SesStandIn;
/** No retries: each test sees SES's first answer. */
let client: SESv2Client;
const logged: string[] = [];

const sdkClient = (maxAttempts: number) =>
  new SESv2Client({ endpoint: standIn.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts });

beforeAll(async () => {
  standIn = await startSesStandIn({ now: () => clock, log: (line) => logged.push(line) });
  client = sdkClient(1);
});
afterAll(async () => {
  client.destroy();
  await standIn.stop();
});
beforeEach(() => {
  standIn.clear();
  clock = START;
  logged.length = 0;
});

const UNSUBSCRIBE = '<https://racefinder.test/api/unsubscribe?token=v1.abc123.sig>, <mailto:unsubscribe@racefinder.test?subject=unsubscribe>';

function mail(overrides: Partial<SendEmailCommandInput> = {}, to = ['Ada Runner <ada@example.com>']): SendEmailCommandInput {
  return {
    FromEmailAddress: 'RaceFinder <alerts@racefinder.test>',
    Destination: { ToAddresses: to },
    Content: {
      Simple: {
        Subject: { Data: 'Registration closes tomorrow', Charset: 'UTF-8' },
        Body: { Text: { Data: 'Boulder Marathon closes registration tomorrow.' }, Html: { Data: '<p>Boulder Marathon closes registration tomorrow.</p>' } },
        Headers: [
          { Name: 'List-Unsubscribe', Value: UNSUBSCRIBE },
          { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
        ],
      },
    },
    ...overrides,
  };
}

/** The error a send fails with (the test fails if it is sent). */
async function failure(input: SendEmailCommandInput, using: SESv2Client = client): Promise<Error & { $metadata: { httpStatusCode?: number; attempts?: number } }> {
  return using.send(new SendEmailCommand(input)).then(
    () => {
      throw new Error('SendEmail succeeded, but it should have failed');
    },
    (error: unknown) => error as Error & { $metadata: { httpStatusCode?: number } },
  );
}

async function mailbox(query = ''): Promise<KeptMessage[]> {
  const answer = await fetch(`${standIn.url}/_local/mailbox.json${query}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/json');
  return (await answer.json()) as KeptMessage[];
}

/** A request with a Host header of our choosing, which fetch does not allow. */
function withHost(url: string, host: string, method = 'GET', body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method, headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('SES stand-in: SendEmail through the official SDK', () => {
  it('keeps a Simple message whole, its List-Unsubscribe headers included, and shows it in /_local/mailbox.json', async () => {
    const sent = await client.send(
      new SendEmailCommand(
        mail({
          Destination: {
            ToAddresses: ['Ada Runner <ada@example.com>', 'ben@example.com'],
            CcAddresses: ['"Coach, Cleo" <cleo@example.com>'],
            BccAddresses: ['audit@racefinder.test'],
          },
          ReplyToAddresses: ['help@racefinder.test'],
          ConfigurationSetName: 'racefinder-mail',
          EmailTags: [{ Name: 'kind', Value: 'registration-closing' }],
          Content: {
            Simple: {
              Subject: { Data: 'Bärenlauf 10 km closes registration tomorrow', Charset: 'UTF-8' },
              Body: { Text: { Data: 'Plain: 10 km on 2026-12-05.' }, Html: { Data: '<h1>Bärenlauf</h1><p>10 km on 2026-12-05.</p>', Charset: 'UTF-8' } },
              Headers: [
                { Name: 'List-Unsubscribe', Value: UNSUBSCRIBE },
                { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
                { Name: 'X-RaceFinder-Kind', Value: 'registration-closing' },
              ],
            },
          },
        }),
      ),
    );
    expect(sent.$metadata.httpStatusCode).toBe(200);
    expect(sent.MessageId).toMatch(/^0100[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-000000$/);

    expect(await mailbox()).toEqual([
      {
        id: sent.MessageId,
        from: 'RaceFinder <alerts@racefinder.test>',
        to: ['Ada Runner <ada@example.com>', 'ben@example.com'],
        cc: ['"Coach, Cleo" <cleo@example.com>'],
        bcc: ['audit@racefinder.test'],
        replyTo: ['help@racefinder.test'],
        subject: 'Bärenlauf 10 km closes registration tomorrow',
        text: 'Plain: 10 km on 2026-12-05.',
        html: '<h1>Bärenlauf</h1><p>10 km on 2026-12-05.</p>',
        headers: [
          { name: 'From', value: 'RaceFinder <alerts@racefinder.test>' },
          { name: 'To', value: 'Ada Runner <ada@example.com>, ben@example.com' },
          { name: 'Cc', value: '"Coach, Cleo" <cleo@example.com>' },
          { name: 'Reply-To', value: 'help@racefinder.test' },
          { name: 'Subject', value: 'Bärenlauf 10 km closes registration tomorrow' },
          { name: 'Date', value: 'Sat, 28 Nov 2026 21:00:00 GMT' },
          { name: 'Message-ID', value: `<${sent.MessageId}@email.amazonses.com>` },
          { name: 'MIME-Version', value: '1.0' },
          { name: 'List-Unsubscribe', value: UNSUBSCRIBE },
          { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
          { name: 'X-RaceFinder-Kind', value: 'registration-closing' },
        ],
        configurationSetName: 'racefinder-mail',
        tags: [{ name: 'kind', value: 'registration-closing' }],
        sentAt: '2026-11-28T21:00:00.000Z',
      },
    ]);
    expect(standIn.accepted).toBe(1);
  });

  it('keeps a text-only message with null for the missing HTML part, and replaces a sent Date and Message-ID as SES does', async () => {
    const sent = await client.send(
      new SendEmailCommand(
        mail({
          Content: {
            Simple: {
              Subject: { Data: 'Weekly summary' },
              Body: { Text: { Data: 'You ran 32 km.' } },
              Headers: [
                { Name: 'Date', Value: 'Mon, 1 Jan 2001 00:00:00 GMT' },
                { Name: 'Message-ID', Value: '<mine@racefinder.test>' },
              ],
            },
          },
        }),
      ),
    );
    const [kept] = await mailbox();
    expect(kept).toMatchObject({ id: sent.MessageId, text: 'You ran 32 km.', html: null });
    expect(kept!.headers.filter((header) => header.name === 'Date' || header.name === 'Message-ID')).toEqual([
      { name: 'Date', value: 'Sat, 28 Nov 2026 21:00:00 GMT' },
      { name: 'Message-ID', value: `<${sent.MessageId}@email.amazonses.com>` },
    ]);
  });

  it('answers newest first, and ?to= keeps the messages addressed to that person in To, Cc or Bcc', async () => {
    const first = await client.send(new SendEmailCommand(mail({}, ['ada@example.com'])));
    clock += 1000;
    const second = await client.send(new SendEmailCommand(mail({ Destination: { ToAddresses: ['ben@example.com'], BccAddresses: ['Ada <ADA@example.com>'] } })));
    clock += 1000;
    const third = await client.send(new SendEmailCommand(mail({}, ['ben@example.com'])));

    expect((await mailbox()).map((message) => message.id)).toEqual([third.MessageId, second.MessageId, first.MessageId]);
    expect((await mailbox(`?to=${encodeURIComponent('Ada@Example.com')}`)).map((message) => message.id)).toEqual([second.MessageId, first.MessageId]);
    expect((await mailbox(`?to=${encodeURIComponent('Ben <ben@example.com>')}`)).map((message) => message.id)).toEqual([third.MessageId, second.MessageId]);
    expect(await mailbox('?to=nobody%40example.com')).toEqual([]);
    expect(standIn.messages('ben@example.com')).toHaveLength(2);
  });

  const simple = (patch: Record<string, unknown>) => ({ Simple: { ...mail().Content!.Simple!, ...patch } }) as SendEmailCommandInput['Content'];
  const badRequests: [string, SendEmailCommandInput, RegExp][] = [
    ['no recipient', mail({ Destination: { ToAddresses: [] } }), /at least one recipient/],
    ['an address without a domain', mail({}, ['ada']), /Destination\.ToAddresses: Illegal address: 'ada'/],
    ['a raw non-ASCII display name', mail({ FromEmailAddress: 'Bärenlauf <alerts@racefinder.test>' }), /RFC 2047/],
    ['no FromEmailAddress', mail({ FromEmailAddress: undefined }), /FromEmailAddress is required/],
    ['no Content', { ...mail(), Content: undefined } as unknown as SendEmailCommandInput, /1 validation error detected: Content/],
    ['a header value carrying a line break (header injection)', mail({ Content: simple({ Headers: [{ Name: 'List-Unsubscribe', Value: '<https://x.test>\r\nBcc: evil@example.com' }] }) }), /Content\.Simple\.Headers\.0\.Value: must be printable ASCII/],
    ['a header name with a colon', mail({ Content: simple({ Headers: [{ Name: 'X-Bad:Name', Value: 'v' }] }) }), /Headers\.0\.Name: must be printable ASCII without a colon/],
    ['16 headers', mail({ Content: simple({ Headers: Array.from({ length: 16 }, (_, index) => ({ Name: `X-H${index}`, Value: 'v' })) }) }), /Content\.Simple\.Headers/],
    ['a Subject header beside the Subject member', mail({ Content: simple({ Headers: [{ Name: 'subject', Value: 'Twice' }] }) }), /Header 'subject' is written by SES/],
    ['List-Unsubscribe twice', mail({ Content: simple({ Headers: [{ Name: 'List-Unsubscribe', Value: '<a>' }, { Name: 'list-unsubscribe', Value: '<b>' }] }) }), /may appear only once/],
    ['a Body with neither part', mail({ Content: simple({ Body: {} }) }), /Body must have Text, Html or both/],
    ['Raw content', mail({ Content: { Raw: { Data: new TextEncoder().encode('Subject: hi\r\n\r\nhello') } } }), /Content\.Raw is not supported by the local SES stand-in/],
    ['both Simple and Raw', mail({ Content: { ...simple({}), Raw: { Data: new Uint8Array([104]) } } }), /exactly one of Simple, Raw or Template/],
    ['a bad configuration set name', mail({ ConfigurationSetName: 'has spaces' }), /ConfigurationSetName: must be 1 to 64/],
    ['ListManagementOptions', mail({ ListManagementOptions: { ContactListName: 'runners' } }), /ListManagementOptions is not supported/],
  ];

  it.each(badRequests)('refuses %s with the SDK typed BadRequestException, keeping nothing', async (_case, input, message) => {
    const error = await failure(input);
    expect(error).toBeInstanceOf(BadRequestException);
    expect(error.$metadata.httpStatusCode).toBe(400);
    expect(error.message).toMatch(message);
    expect(await mailbox()).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('refuses more than 50 recipients with MessageRejected, and still sends the next good message', async () => {
    const error = await failure(mail({}, Array.from({ length: 51 }, (_, index) => `runner${index}@example.com`)));
    expect(error).toBeInstanceOf(MessageRejected);
    expect(error.message).toBe('Recipient count exceeds 50.');
    const sent = await client.send(new SendEmailCommand(mail()));
    expect((await mailbox()).map((message) => message.id)).toEqual([sent.MessageId]);
  });

  it("answers unsigned, non-JSON, unknown and oversized requests with SES's error shape", async () => {
    const post = (body: string, headers: Record<string, string>, url = `${standIn.url}/v2/email/outbound-emails`) => fetch(url, { method: 'POST', body, headers });
    const signed = { authorization: 'AWS4-HMAC-SHA256 Credential=local/20261128/us-east-1/ses/aws4_request, SignedHeaders=host, Signature=00', 'content-type': 'application/json' };

    const unsigned = await post('{}', { 'content-type': 'application/json' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(await unsigned.json()).toEqual({ message: expect.stringMatching(/^Missing Authentication Token/) });

    const notJson = await post('{"Content":', signed);
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('x-amzn-errortype')).toBe('BadRequestException');
    expect(await notJson.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const form = await post('FromEmailAddress=a', { ...signed, 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(400);
    expect(form.headers.get('x-amzn-errortype')).toBe('BadRequestException');

    const other = await post('{}', signed, `${standIn.url}/v2/email/templates`);
    expect(other.status).toBe(404);
    expect(other.headers.get('x-amzn-errortype')).toBe('UnknownOperationException');

    const get = await fetch(`${standIn.url}/v2/email/outbound-emails`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');

    const small = await startSesStandIn({ maxBodyBytes: 1024 });
    try {
      const sdk = new SESv2Client({ endpoint: small.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
      const error = await failure(mail({ Content: simple({ Body: { Text: { Data: 'x'.repeat(4096) } } }) }), sdk);
      expect(error).toBeInstanceOf(MessageRejected);
      expect(error.message).toBe('Message length is more than 1024 bytes long.');
      expect(small.messages()).toEqual([]);
      sdk.destroy();
    } finally {
      await small.stop();
    }
  });

  it('sends only from verified identities and to existing configuration sets, when it is told which', async () => {
    const strict = await startSesStandIn({ verifiedIdentities: ['racefinder.test'], configurationSets: ['racefinder-mail'] });
    const sdk = new SESv2Client({ endpoint: strict.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
    try {
      const unverified = await failure(mail({ FromEmailAddress: 'someone@elsewhere.test' }), sdk);
      expect(unverified).toBeInstanceOf(MessageRejected);
      expect(unverified.message).toMatch(/^Email address is not verified\..*someone@elsewhere\.test$/);
      const missingSet = await failure(mail({ ConfigurationSetName: 'other-set' }), sdk);
      expect(missingSet.name).toBe('NotFoundException');
      expect(missingSet.$metadata.httpStatusCode).toBe(404);
      await sdk.send(new SendEmailCommand(mail({ ConfigurationSetName: 'racefinder-mail' })));
      expect(strict.messages().map((message) => message.configurationSetName)).toEqual(['racefinder-mail']);
    } finally {
      sdk.destroy();
      await strict.stop();
    }
  });
});

describe('SES stand-in: faults', () => {
  const addFault = (fault: unknown) => fetch(`${standIn.url}/_local/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });

  it('fails the next sends with a throttling 429 the SDK types as TooManyRequestsException, then sends again', async () => {
    const added = await addFault({ kind: 'throttled', count: 2 });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ faults: [{ kind: 'throttled', remaining: 2 }] });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const error = await failure(mail());
      expect(error).toBeInstanceOf(TooManyRequestsException);
      expect(error.$metadata.httpStatusCode).toBe(429);
      expect(error.message).toMatch(/^Maximum sending rate exceeded\./);
    }
    const sent = await client.send(new SendEmailCommand(mail()));
    expect((await mailbox()).map((message) => message.id)).toEqual([sent.MessageId]);
    expect(standIn.faults()).toEqual([]);
  });

  it('fails with a 500 InternalServiceErrorException or a MessageRejected as the fault says', async () => {
    await addFault({ kind: 'server_error' });
    const serverError = await failure(mail());
    expect(serverError).toBeInstanceOf(InternalServiceErrorException);
    expect(serverError.$metadata.httpStatusCode).toBe(500);

    await addFault({ kind: 'rejected' });
    const rejected = await failure(mail());
    expect(rejected).toBeInstanceOf(MessageRejected);
    expect(await mailbox()).toEqual([]);
  });

  it('fails only the sends to the fault\'s address when it names one, and an invalid send spends no fault', async () => {
    standIn.addFault({ kind: 'throttled', to: 'ada@example.com' });
    expect(await failure(mail({}, []))).toBeInstanceOf(BadRequestException);
    const toBen = await client.send(new SendEmailCommand(mail({}, ['ben@example.com'])));
    expect(await failure(mail({ Destination: { ToAddresses: ['ben@example.com'], CcAddresses: ['Ada <ada@example.com>'] } }))).toBeInstanceOf(TooManyRequestsException);
    const toAda = await client.send(new SendEmailCommand(mail({}, ['ada@example.com'])));
    expect((await mailbox()).map((message) => message.id)).toEqual([toAda.MessageId, toBen.MessageId]);
  });

  it('lets a retrying SDK client through a passing fault with the message kept exactly once', async () => {
    const retrying = sdkClient(3);
    try {
      standIn.addFault({ kind: 'server_error', count: 1 });
      const sent = await retrying.send(new SendEmailCommand(mail()));
      expect(sent.$metadata.attempts).toBe(2);
      expect((await mailbox()).map((message) => message.id)).toEqual([sent.MessageId]);
      expect(standIn.accepted).toBe(1);
    } finally {
      retrying.destroy();
    }
  });

  it('refuses a malformed fault with a 400 that names the shape, lists and forgets faults', async () => {
    const bad = await addFault({ kind: 'explode' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^Send \{ "kind": "throttled" \| "server_error" \| "rejected"/);
    const formPost = await fetch(`${standIn.url}/_local/faults`, { method: 'POST', body: 'kind=throttled' });
    expect(formPost.status).toBe(400);

    await addFault({ kind: 'rejected', count: 3, to: 'ada@example.com' });
    const listed = await fetch(`${standIn.url}/_local/faults`);
    expect(await listed.json()).toEqual({ faults: [{ kind: 'rejected', remaining: 3, to: 'ada@example.com' }] });
    const cleared = await fetch(`${standIn.url}/_local/faults`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ faults: [] });
    await client.send(new SendEmailCommand(mail({}, ['ada@example.com'])));
    expect(await mailbox()).toHaveLength(1);
  });
});

describe('SES stand-in: the mailbox pages', () => {
  const HOSTILE_SUBJECT = '<script>alert(1)</script> & "quoted" \'single\'';
  const ESCAPED_SUBJECT = '&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quoted&#34; &#39;single&#39;';

  it('lists the messages in a table with escaped subjects linking to each, on a page that runs no script', async () => {
    const sent = await client.send(new SendEmailCommand(mail({ Content: { Simple: { ...mail().Content!.Simple!, Subject: { Data: HOSTILE_SUBJECT } } } }, ['"<b>Ada</b>" <ada@example.com>'])));
    const answer = await fetch(`${standIn.url}/_local/mailbox`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'none'");
    const html = await answer.text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Ada</b>');
    expect(html).toContain(`<a href="/_local/mailbox/${sent.MessageId}">${ESCAPED_SUBJECT}</a>`);
    expect(html).toContain('&#34;&#60;b&#62;Ada&#60;/b&#62;&#34; &#60;ada@example.com&#62;');
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<h1>Local mailbox<\/h1>/);
    expect(html).toMatch(/<caption>1 message, newest first<\/caption>/);
    expect(html).toMatch(/<th scope="col">Received<\/th><th scope="col">To<\/th><th scope="col">Subject<\/th>/);
    expect(html).toContain('<time datetime="2026-11-28T21:00:00.000Z">2026-11-28 21:00:00 UTC</time>');
    expect(html).toMatch(/<label for="to">Recipient<\/label>\s*<input id="to" name="to" type="email"/);
  });

  it('says so when there is no mail, and escapes the recipient it was filtered by', async () => {
    const html = await (await fetch(`${standIn.url}/_local/mailbox?to=${encodeURIComponent('"><script>x</script>')}`)).text();
    expect(html).toContain('No messages for &#34;&#62;&#60;script&#62;x&#60;/script&#62; yet.');
    expect(html).not.toContain('<script>');
  });

  it('shows a message: its HTML only in a script-less sandboxed frame, the plain text beside it, and its headers', async () => {
    const mailHtml = '<html><head><title>t</title></head><body><script>steal(document.cookie)</script><p onclick="x()">Hi &amp; welcome</p><a href="https://racefinder.test/events/e1">Race</a></body></html>';
    const sent = await client.send(
      new SendEmailCommand(
        mail({
          Content: {
            Simple: {
              ...mail().Content!.Simple!,
              Subject: { Data: HOSTILE_SUBJECT },
              Body: { Html: { Data: mailHtml }, Text: { Data: 'Hi & welcome <not a tag>\nhttps://racefinder.test/events/e1' } },
            },
          },
        }),
      ),
    );
    const answer = await fetch(`${standIn.url}/_local/mailbox/${sent.MessageId}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'none'");
    const html = await answer.text();

    expect(html).toContain(`<h1>${ESCAPED_SUBJECT}</h1>`);
    expect(html).not.toMatch(/<script/i);
    const frames = [...html.matchAll(/<iframe\b[^>]*>/g)].map((match) => match[0]);
    expect(frames).toHaveLength(1);
    const frame = frames[0]!;
    const sandbox = /\ssandbox="([^"]*)"/.exec(frame)?.[1];
    expect(sandbox).toBe(MAIL_FRAME_SANDBOX);
    expect(sandbox).not.toMatch(/allow-scripts|allow-same-origin|allow-forms|allow-top-navigation/);
    expect(frame).toContain('title="HTML part of the message"');
    const srcdoc = /\ssrcdoc="([^"]*)"/.exec(frame)?.[1] ?? '';
    const decoded = srcdoc.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(decoded).toBe(mailHtml.replace('<head>', '<head><base target="_blank">'));

    expect(html).toContain('<pre tabindex="0">Hi &#38; welcome &#60;not a tag&#62;\nhttps://racefinder.test/events/e1</pre>');
    expect(html).toContain(`<tr><th scope="row">List-Unsubscribe</th><td>${UNSUBSCRIBE.replace(/</g, '&#60;').replace(/>/g, '&#62;')}</td></tr>`);
    expect(html).toContain('<tr><th scope="row">List-Unsubscribe-Post</th><td>List-Unsubscribe=One-Click</td></tr>');
    expect(html).toContain('<h2 id="html-part">HTML part</h2>');
    expect(html).toContain('<h2 id="text-part">Plain-text part</h2>');
  });

  it('answers 404 with a page for a message it does not have', async () => {
    const answer = await fetch(`${standIn.url}/_local/mailbox/${encodeURIComponent('<img src=x>')}`);
    expect(answer.status).toBe(404);
    const html = await answer.text();
    expect(html).toContain('<h1>Message not found</h1>');
    expect(html).toContain('&#60;img src=x&#62;');
  });

  it('forgets the messages on DELETE /_local/mailbox', async () => {
    await client.send(new SendEmailCommand(mail()));
    expect((await fetch(`${standIn.url}/_local/mailbox`, { method: 'DELETE' })).status).toBe(204);
    expect(await mailbox()).toEqual([]);
    expect(standIn.accepted).toBe(0);
  });
});

describe('SES stand-in: loopback only', () => {
  it('refuses a request whose Host is not a loopback name, and keeps nothing from it', async () => {
    const body = JSON.stringify(mail());
    for (const host of ['racefinder.example', 'attacker.test:80', '127.0.0.1.nip.io']) {
      expect(await withHost(`${standIn.url}/_local/mailbox.json`, host)).toEqual({ status: 403, body: 'The local SES stand-in answers loopback host names only.' });
      expect((await withHost(`${standIn.url}/v2/email/outbound-emails`, host, 'POST', body)).status).toBe(403);
    }
    const port = new URL(standIn.url).port;
    expect((await withHost(`${standIn.url}/_local/mailbox.json`, `localhost:${port}`)).status).toBe(200);
    expect((await withHost(`${standIn.url}/_local/mailbox.json`, `[::1]:${port}`)).status).toBe(200);
    expect(standIn.accepted).toBe(0);
  });

  it('listens on 127.0.0.1 only', () => {
    expect(standIn.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('local gateway: the mailbox read through', () => {
  let gateway: Gateway;

  beforeAll(async () => {
    // Only the mailbox paths are asked for.
    gateway = await startGatewayWithoutCognito({ mailboxUrl: standIn.url });
  });
  afterAll(() => gateway.stop());

  it('answers /_local/mailbox.json and the pages from the stand-in, with the stand-in\'s page policy', async () => {
    const sent = await client.send(new SendEmailCommand(mail()));
    const json = await fetch(`${gateway.url}/_local/mailbox.json?to=ada%40example.com`);
    expect(json.status).toBe(200);
    expect(((await json.json()) as KeptMessage[]).map((message) => message.id)).toEqual([sent.MessageId]);

    const list = await fetch(`${gateway.url}/_local/mailbox`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-security-policy')).toBe(await fetch(`${standIn.url}/_local/mailbox`).then((answer) => answer.headers.get('content-security-policy')));
    expect(await list.text()).toContain(`/_local/mailbox/${sent.MessageId}`);

    const one = await fetch(`${gateway.url}/_local/mailbox/${sent.MessageId}`);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('<h1>Registration closes tomorrow</h1>');
  });

  it('only reads: clearing and faults stay on the stand-in', async () => {
    await client.send(new SendEmailCommand(mail()));
    const cleared = await fetch(`${gateway.url}/_local/mailbox`, { method: 'DELETE' });
    expect(cleared.status).toBe(405);
    expect(cleared.headers.get('allow')).toBe('GET, HEAD');
    expect(await mailbox()).toHaveLength(1);
    expect((await fetch(`${gateway.url}/_local/faults`, { method: 'POST', body: '{"kind":"throttled"}', headers: { 'content-type': 'application/json' } })).status).toBe(404);
    expect(standIn.faults()).toEqual([]);
  });
});
