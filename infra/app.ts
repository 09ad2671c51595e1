/**
 * The CDK app (`npm run synth` / `npm run deploy` / `npm run destroy`). The stack is environment-agnostic
 * (no lookups), so synth needs neither AWS credentials nor network; deploy takes account and region from
 * the AWS profile in use.
 *
 * Deploy context, e.g. `npm run deploy -- -c googleClientId=... -c googleClientSecretName=racefinder/google`
 * (all optional; full rules in deploy-config.ts):
 *   googleClientId          Google OAuth client id; enables "Continue with Google".
 *   googleClientSecretName  Secrets Manager secret (name or ARN) holding the Google client secret as plain text.
 *   superAdminEmails        Comma-separated e-mails that become super admins on sign-up.
 *   callbackDomain          The site's own host name for OAuth callback/logout URLs and /config.json siteUrl.
 *   certificateArn          ACM certificate (us-east-1) for callbackDomain; CloudFront then serves that domain.
 *   domainPrefix            Managed login domain prefix; default "<stack name>-<account id>".
 *   appVersion              Version GET /api/health reports; default package.json version.
 *   alarmEmail              E-mail address the alarm topic notifies (it confirms the subscription once).
 *   apiRateLimitPerIp       Requests to /api/* per client IP in 5 minutes before the WAF answers 429.
 *
 * The stack deploys to us-east-1 only (the CloudFront web ACL lives there): synth refuses a profile that
 * points elsewhere, and the template itself refuses another region at deploy.
 *
 * The web app must be built first (`npm run build:web`): the stack uploads web/dist.
 */
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DeployConfigError, assertDeployRegion, readDeployConfig } from './deploy-config.ts';
import { PROJECT_ROOT } from './lambda-function.ts';
import { RaceFinderStack } from './stack.ts';

const app = new App();
const deploy = (() => {
  try {
    // The CDK CLI puts the AWS profile's region here; unset when it found none.
    assertDeployRegion(process.env.CDK_DEFAULT_REGION);
    return readDeployConfig(app.node);
  } catch (error) {
    // A context mistake is the operator's to fix: say what is wrong without a stack trace.
    if (!(error instanceof DeployConfigError)) throw error;
    console.error(`Deploy context: ${error.message}`);
    process.exit(1);
  }
})();

new RaceFinderStack(app, 'RaceFinder', {
  description: 'RaceFinder: endurance race directory and training community',
  deploy,
  webDistPath: join(PROJECT_ROOT, 'web', 'dist'),
});

// cdk-nag 3 is a policy-validation plugin: `cdk synth` prints its findings and fails on unacknowledged errors.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
