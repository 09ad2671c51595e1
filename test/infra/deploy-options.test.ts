import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeployConfigError, packageVersion, readDeployConfig, weatherContactOf } from '../../infra/deploy-config.ts';
import { RaceFinderStack } from '../../infra/stack.ts';
import { RuntimeConfigSchema } from '../../shared/runtime-config.ts';
import { SYNTH_TIMEOUT_MS, logicalIdOf, synthesizeRaceFinder } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';
import { TRIGGERS } from '../../infra/lambda-triggers.ts';
import { asArray, functionForHandler, handlerTag, onlyResourceOfType, ourFunctions, resourcesOfType, statementsOfFunctionRole } from './template-queries.ts';

const configFrom = (context: Record<string, unknown>) => readDeployConfig(new App({ context }).node);

describe('deploy context', () => {
  it('defaults to e-mail sign-in only, no super admins and the package version', () => {
    expect(configFrom({})).toEqual({ superAdminEmails: [], appVersion: packageVersion() });
  });

  it('normalises superAdminEmails from a comma-separated string', () => {
    expect(configFrom({ superAdminEmails: ' Boss@Example.org, ,other@example.org,boss@example.org ' }).superAdminEmails).toEqual([
      'boss@example.org',
      'other@example.org',
    ]);
  });

  it('rejects a super-admin entry that is not an e-mail address', () => {
    expect(() => configFrom({ superAdminEmails: 'boss@example.org,nobody' })).toThrow(/"nobody" is not an e-mail/);
  });

  it('requires both Stripe secret names or neither', () => {
    expect(() => configFrom({ stripeSecretKeyName: 'racefinder/stripe' })).toThrow(/go together/);
    expect(() => configFrom({ stripeWebhookSecretName: 'racefinder/stripe-webhook' })).toThrow(/go together/);
    expect(configFrom({ stripeSecretKeyName: 'a', stripeWebhookSecretName: 'b' }).stripe).toEqual({ secretKeyName: 'a', webhookSecretName: 'b' });
    expect(() => configFrom({ stravaClientId: '27182' })).toThrow(/go together/);
    expect(() => configFrom({ stravaClientId: 'abc', stravaClientSecretName: 'x' })).toThrow(/numeric client id/);
    expect(configFrom({ stravaClientId: '27182', stravaClientSecretName: 'x' }).strava).toEqual({ clientId: '27182', clientSecretName: 'x' });
    expect(configFrom({}).stripe).toBeUndefined();
  });

  it('takes an e-mail address or an https URL as the weather contact, and defaults it to the site', () => {
    expect(configFrom({ weatherContact: 'ops@example.org' }).weatherContact).toBe('ops@example.org');
    expect(configFrom({ weatherContact: 'https://races.example.com/contact' }).weatherContact).toBe('https://races.example.com/contact');
    expect(() => configFrom({ weatherContact: 'http://races.example.com' })).toThrow(/weatherContact must be an e-mail address or an https URL/);
    expect(() => configFrom({ weatherContact: 'https://races.example.com/a b' })).toThrow(DeployConfigError);
    expect(weatherContactOf(configFrom({ callbackDomain: 'races.example.com' }))).toBe('https://races.example.com');
    expect(weatherContactOf(configFrom({ callbackDomain: 'races.example.com', weatherContact: 'ops@example.org' }))).toBe('ops@example.org');
    expect(weatherContactOf(configFrom({}))).toBeUndefined();
  });

  it('requires the Google client id and the secret name together', () => {
    expect(() => configFrom({ googleClientId: 'id.apps.googleusercontent.com' })).toThrow(DeployConfigError);
    expect(() => configFrom({ googleClientId: 'id.apps.googleusercontent.com' })).toThrow(/googleClientSecretName/);
    expect(() => configFrom({ googleClientSecretName: 'racefinder/google' })).toThrow(/googleClientId is not/);
  });

  it('accepts callbackDomain only as a bare host name', () => {
    expect(configFrom({ callbackDomain: 'Races.Example.com' }).callbackDomain).toBe('races.example.com');
    expect(() => configFrom({ callbackDomain: 'https://races.example.com' })).toThrow(/bare host name/);
    expect(() => configFrom({ callbackDomain: 'races.example.com/auth' })).toThrow(/bare host name/);
  });

  it('accepts certificateArn only with callbackDomain and only from us-east-1', () => {
    const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123';
    expect(() => configFrom({ certificateArn: arn })).toThrow(/callbackDomain is not/);
    expect(() =>
      configFrom({ callbackDomain: 'races.example.com', certificateArn: arn.replace('us-east-1', 'eu-west-1') }),
    ).toThrow(/us-east-1/);
    expect(configFrom({ callbackDomain: 'races.example.com', certificateArn: arn }).certificateArn).toBe(arn);
  });

  it('accepts apiDomain only as a host name served with certificateArn, apart from the site', () => {
    const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123';
    const site = { callbackDomain: 'races.example.com', certificateArn: arn };
    expect(configFrom({ ...site, apiDomain: 'API.races.example.com' }).apiDomain).toBe('api.races.example.com');
    expect(() => configFrom({ apiDomain: 'api.races.example.com' })).toThrow(/certificateArn is not/);
    expect(() => configFrom({ ...site, apiDomain: 'https://api.races.example.com' })).toThrow(/bare host name/);
    expect(() => configFrom({ ...site, apiDomain: 'races.example.com' })).toThrow(/must differ/);
  });

  it('takes the public contact details, each optional and each checked, and none by default', () => {
    expect(configFrom({}).contact).toBeUndefined();
    expect(configFrom({ contactEmail: 'team@example.org', contactCity: ' Denver, CO ' }).contact).toEqual({ email: 'team@example.org', city: 'Denver, CO' });
    expect(configFrom({ contactPhone: '+1 555 0100' }).contact).toEqual({ phone: '+1 555 0100' });
    expect(() => configFrom({ contactEmail: 'team at example.org' })).toThrow(/contactEmail must be one e-mail address/);
    expect(() => configFrom({ contactPhone: 'call us' })).toThrow(/contactPhone must be a phone number/);
    expect(() => configFrom({ contactCity: '<b>Denver</b>' })).toThrow(/contactCity/);
    expect(() => configFrom({ contactCity: 'x'.repeat(81) })).toThrow(/contactCity/);
  });

  it('rejects a managed login prefix Cognito would refuse', () => {
    expect(() => configFrom({ domainPrefix: 'RaceFinder' })).toThrow(/domainPrefix/);
    expect(() => configFrom({ domainPrefix: 'racefinder-cognito' })).toThrow(/must not contain/);
    expect(() => configFrom({ domainPrefix: '-racefinder' })).toThrow(/domainPrefix/);
    expect(configFrom({ domainPrefix: 'racefinder-prod' }).domainPrefix).toBe('racefinder-prod');
  });
});

describe('web build', () => {
  let workDir: string;
  beforeAll(() => {
    workDir = mkdtempSync(join(tmpdir(), 'racefinder-no-web-'));
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  const buildWithoutWeb = (bundlingStacks: string[]) => {
    const app = new App({ outdir: join(workDir, 'cdk.out'), context: { 'aws:cdk:bundling-stacks': bundlingStacks } });
    return new RaceFinderStack(app, 'RaceFinder', {
      deploy: readDeployConfig(app.node),
      webDistPath: join(workDir, 'no-such-dist'),
    });
  };

  it('refuses to synthesize for deployment without a web build and says how to make one', () => {
    expect(() => buildWithoutWeb(['**'])).toThrow(/npm run build:web/);
  });

  it('synthesizes without a web build when nothing is bundled, as `cdk destroy` does', () => {
    expect(() => buildWithoutWeb([])).not.toThrow();
  });
});

describe('a deployment with Google sign-in and its own domain', () => {
  const secretName = 'racefinder/google-client-secret';
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123';
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesizeRaceFinder({
      googleClientId: 'client-123.apps.googleusercontent.com',
      googleClientSecretName: secretName,
      superAdminEmails: 'Boss@Example.org,other@example.org',
      callbackDomain: 'races.example.com',
      certificateArn,
      apiDomain: 'api.races.example.com',
      domainPrefix: 'racefinder-prod',
      appVersion: '9.9.9',
      stripeSecretKeyName: 'racefinder/stripe-secret-key',
      stripeWebhookSecretName: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:racefinder/stripe-webhook-AbCdEf',
      openAiKeySecretName: 'racefinder/openai-key',
      stravaClientId: '27182',
      stravaClientSecretName: 'racefinder/strava-client-secret',
      contactEmail: 'team@example.org',
      contactCity: 'Denver, CO',
    });
  }, SYNTH_TIMEOUT_MS);

  it("names the site to the National Weather Service in the forecast route's User-Agent", () => {
    const [id, fn] = functionForHandler(synth.template, 'weather/list-race-forecasts');
    expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables, id).toMatchObject({
      WEATHER_API_URL: 'https://api.weather.gov',
      WEATHER_USER_AGENT: 'RaceFinder/9.9.9 (https://races.example.com)',
    });
  });

  it('names the OpenAI key to the coach route only, lets it alone read it, and gives it time for two model calls', () => {
    const [coachId, coach] = functionForHandler(synth.template, 'coach/send-coach-message');
    expect((coach.Properties!.Environment as { Variables: Record<string, unknown> }).Variables, coachId).toMatchObject({ OPENAI_API_KEY_SECRET_NAME: 'racefinder/openai-key' });
    expect(coach.Properties!.Timeout).toBe(29);
    const reads = statementsOfFunctionRole(synth.template, coach).filter((statement) => asArray(statement.Action).includes('secretsmanager:GetSecretValue'));
    expect(JSON.stringify(reads.map((statement) => statement.Resource))).toContain('racefinder/openai-key');
    for (const [id, fn] of ourFunctions(synth.template)) {
      if (handlerTag(fn) === 'coach/send-coach-message') continue;
      expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables, id).not.toHaveProperty('OPENAI_API_KEY_SECRET_NAME');
      expect(JSON.stringify(statementsOfFunctionRole(synth.template, fn)), id).not.toContain('openai-key');
    }
  });

  it('gives each Strava route what it uses: the application and tokens key to connect and disconnect, the key to the handshake, the queue to events', () => {
    const reads = (fn: Parameters<typeof statementsOfFunctionRole>[1]) =>
      JSON.stringify(statementsOfFunctionRole(synth.template, fn).filter((statement) => asArray(statement.Action).includes('secretsmanager:GetSecretValue')).map((statement) => statement.Resource));
    const sends = (fn: Parameters<typeof statementsOfFunctionRole>[1]) => statementsOfFunctionRole(synth.template, fn).some((statement) => asArray(statement.Action).includes('sqs:SendMessage'));
    const app = ['strava/connect-strava', 'strava/finish-strava-connection', 'strava/disconnect-strava', TRIGGERS.stravaSync.handler];
    for (const handler of app) {
      const [id, fn] = functionForHandler(synth.template, handler);
      expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables, id).toMatchObject({ STRAVA_API_URL: 'https://www.strava.com', STRAVA_CLIENT_ID: '27182' });
      expect(reads(fn), id).toContain('racefinder/strava-client-secret');
      expect(reads(fn), id).toContain('StravaSyncTokenKey');
    }
    const [challengeId, challenge] = functionForHandler(synth.template, 'strava/strava-webhook-challenge');
    expect(reads(challenge), challengeId).toContain('StravaSyncTokenKey');
    expect(reads(challenge), challengeId).not.toContain('strava-client-secret');
    const [eventId, event] = functionForHandler(synth.template, 'strava/strava-webhook-event');
    expect(reads(event), eventId).toBe('[]');
    expect(sends(event), eventId).toBe(true);
    const [statusId, status] = functionForHandler(synth.template, 'strava/get-strava-connection');
    expect((status.Properties!.Environment as { Variables: Record<string, unknown> }).Variables, statusId).toMatchObject({ STRAVA_CLIENT_ID: '27182' });
    expect(reads(status), statusId).toBe('[]');
    for (const [id, fn] of ourFunctions(synth.template)) {
      if ([...app, 'strava/strava-webhook-challenge'].includes(handlerTag(fn) ?? '')) continue;
      expect(reads(fn), id).not.toContain('strava');
    }
  });

  it('names the Stripe secrets to the routes that take payments, and lets them and no other read them', () => {
    const stripeRoutes = ['promotions/create-promotion', 'admin-promotions/decide-promotion', 'stripe-webhooks/stripe-webhook'];
    for (const handler of stripeRoutes) {
      const [id, fn] = functionForHandler(synth.template, handler);
      const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables, id).toMatchObject({
        STRIPE_SECRET_KEY_SECRET_NAME: 'racefinder/stripe-secret-key',
        STRIPE_WEBHOOK_SECRET_SECRET_NAME: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:racefinder/stripe-webhook-AbCdEf',
      });
      expect(variables, id).not.toHaveProperty('STRIPE_SECRET_KEY');
      const reads = statementsOfFunctionRole(synth.template, fn).filter((statement) => asArray(statement.Action).includes('secretsmanager:GetSecretValue'));
      expect(JSON.stringify(reads.map((statement) => statement.Resource)), id).toContain('racefinder/stripe-secret-key');
      expect(JSON.stringify(reads.map((statement) => statement.Resource)), id).toContain('racefinder/stripe-webhook-AbCdEf');
    }
    for (const [id, fn] of ourFunctions(synth.template)) {
      if (stripeRoutes.includes(handlerTag(fn) ?? '')) continue;
      const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables, id).not.toHaveProperty('STRIPE_SECRET_KEY_SECRET_NAME');
      expect(JSON.stringify(statementsOfFunctionRole(synth.template, fn)), id).not.toContain('stripe');
    }
  });
  afterAll(() => synth?.cleanup());

  it('federates Google with the secret as a deploy-time reference, never its value', () => {
    const [googleId, google] = onlyResourceOfType(synth.template, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(googleId).toBeTruthy();
    expect(google.Properties).toMatchObject({
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: 'client-123.apps.googleusercontent.com',
        client_secret: `{{resolve:secretsmanager:${secretName}:SecretString:::}}`,
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: { email: 'email', given_name: 'given_name', family_name: 'family_name', email_verified: 'email_verified' },
    });
  });

  it('offers Google on the web client, created after the provider exists', () => {
    const [, client] = onlyResourceOfType(synth.template, 'AWS::Cognito::UserPoolClient');
    const [googleId] = onlyResourceOfType(synth.template, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(client.Properties!.SupportedIdentityProviders).toEqual(['COGNITO', 'Google']);
    expect(asArray(client.DependsOn)).toContain(googleId);
  });

  it('redirects to the own domain first and still to the CloudFront domain', () => {
    const [, client] = onlyResourceOfType(synth.template, 'AWS::Cognito::UserPoolClient');
    const cloudFront = { 'Fn::GetAtt': [logicalIdOf(synth.stack, synth.stack.site.distribution), 'DomainName'] };
    const expected = [
      'https://races.example.com/',
      'https://races.example.com/auth',
      { 'Fn::Join': ['', ['https://', cloudFront, '/']] },
      { 'Fn::Join': ['', ['https://', cloudFront, '/auth']] },
    ];
    expect(client.Properties!.CallbackURLs).toEqual(expected);
    expect(client.Properties!.LogoutURLs).toEqual(expected);
  });

  it('serves the own domain from CloudFront with its certificate and TLS 1.2 or later', () => {
    const [, distribution] = onlyResourceOfType(synth.template, 'AWS::CloudFront::Distribution');
    expect(distribution.Properties!.DistributionConfig).toMatchObject({
      Aliases: ['races.example.com'],
      ViewerCertificate: { AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
    });
  });

  it('turns the execute-api endpoint off and reaches the API on its own domain, so only CloudFront and the WAF lead to it', () => {
    const [apiId, api] = onlyResourceOfType(synth.template, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties!.DisableExecuteApiEndpoint).toBe(true);
    const [domainId, domain] = onlyResourceOfType(synth.template, 'AWS::ApiGatewayV2::DomainName');
    expect(domain.Properties).toMatchObject({
      DomainName: 'api.races.example.com',
      DomainNameConfigurations: [{ CertificateArn: certificateArn, EndpointType: 'REGIONAL' }],
    });
    const [, mapping] = onlyResourceOfType(synth.template, 'AWS::ApiGatewayV2::ApiMapping');
    expect(mapping.Properties).toMatchObject({ ApiId: { Ref: apiId }, DomainName: { Ref: domainId } });
    const [, distribution] = onlyResourceOfType(synth.template, 'AWS::CloudFront::Distribution');
    const origins = (distribution.Properties!.DistributionConfig as { Origins: { DomainName: unknown }[] }).Origins;
    expect(origins.map((origin) => origin.DomainName)).toContain('api.races.example.com');
    expect(JSON.stringify(origins)).not.toContain('execute-api');
  });

  it('uses the configured managed login prefix', () => {
    const [, domain] = onlyResourceOfType(synth.template, 'AWS::Cognito::UserPoolDomain');
    expect(domain.Properties!.Domain).toBe('racefinder-prod');
  });

  it('hands the super admins and version to every function of ours', () => {
    for (const [id, fn] of ourFunctions(synth.template)) {
      expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables, id).toMatchObject({
        SUPER_ADMIN_EMAILS: 'boss@example.org,other@example.org',
        APP_VERSION: '9.9.9',
      });
    }
  });

  it('writes config.json with Google sign-in on, the managed login domain and the own site URL', () => {
    const deployment = resourcesOfType(synth.template, 'Custom::CDKBucketDeployment')
      .map(([, d]) => d.Properties!)
      .find((d) => d.SourceMarkers !== undefined)!;
    const key = asArray(deployment.SourceObjectKeys as string[])[0]!.replace(/\.zip$/, '');
    const file = join(synth.assemblyDir, `asset.${key}`, 'config.json');
    expect(existsSync(file)).toBe(true);
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(RuntimeConfigSchema.safeParse(raw).success).toBe(true);
    expect(raw).toMatchObject({ environment: 'aws', googleSignIn: true, siteUrl: 'https://races.example.com' });
    // The footer's contact block comes from the deploy context, never from code.
    expect(raw.contact).toEqual({ email: 'team@example.org', city: 'Denver, CO' });
    const markers = asArray(deployment.SourceMarkers as Record<string, unknown>[])[0]!;
    const [domainMarker, suffix] = (raw.oauthDomain as string).split('.auth.');
    expect(markers[domainMarker!]).toEqual({ Ref: logicalIdOf(synth.stack, synth.stack.auth.domain) });
    expect(suffix).toMatch(/^<<marker:[^>]+>>\.amazoncognito\.com$/);
  });

  it('has no unacknowledged cdk-nag AwsSolutions errors or warnings', () => {
    expect(synth.nagFindings).toEqual([]);
  });
});
