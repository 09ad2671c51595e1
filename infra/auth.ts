import { Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnManagedLoginBranding,
  FeaturePlan,
  ManagedLoginVersion,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { UserPoolClient, UserPoolDomain } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { GoogleSignInConfig } from './deploy-config.ts';
import type { Data } from './data.ts';
import { LambdaFunction } from './lambda-function.ts';
import { handlerEnvironment } from './lambda-environment.ts';
import { TRIGGERS } from './lambda-triggers.ts';
import { PASSWORD_POLICY } from '#shared/password-policy';

/** Paths of the web app Cognito may redirect back to after sign-in and sign-out, under each site origin. */
export const OAUTH_REDIRECT_PATHS = ['/', '/auth'] as const;

export interface AuthProps {
  readonly data: Data;
  /** Managed login domain prefix (may contain the account id token). */
  readonly domainPrefix: string;
  /** Origins (https://host) the web app is served from; the first is the canonical one. */
  readonly siteOrigins: readonly string[];
  readonly google?: GoogleSignInConfig;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
}

/**
 * Sign-in (DESIGN section 7): one user pool with e-mail/password and, when configured, Google; the managed
 * login domain that hosts the Google redirect; the web app's client; the post-confirmation trigger
 * that creates the profile (and applies superAdminEmails) as soon as someone confirms; and the pre-sign-up
 * trigger that refuses new accounts while the system configuration has registration disabled.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly domain: UserPoolDomain;
  /** Managed login host name, without scheme: <prefix>.auth.<region>.amazoncognito.com. */
  readonly oauthDomain: string;
  readonly googleSignIn: boolean;
  readonly postConfirmation: LambdaFunction;
  readonly preSignUp: LambdaFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const region = Stack.of(this).region;

    this.postConfirmation = new LambdaFunction(this, 'PostConfirmation', {
      handlerModule: TRIGGERS.postConfirmation.handler,
      description: TRIGGERS.postConfirmation.summary,
      // Cognito waits at most 5 s for a trigger before failing the sign-up.
      timeout: Duration.seconds(5),
      environment: handlerEnvironment({
        tableName: props.data.table.tableName,
        appVersion: props.appVersion,
        superAdminEmails: props.superAdminEmails,
      }),
    });
    // createProfileIfMissing: a transaction of Put (profile) + Update (user counters), then a GetItem when
    // the profile already existed.
    props.data.grant(this.postConfirmation, ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:GetItem']);

    this.preSignUp = new LambdaFunction(this, 'PreSignUp', {
      handlerModule: TRIGGERS.preSignUp.handler,
      description: TRIGGERS.preSignUp.summary,
      timeout: Duration.seconds(5),
      environment: handlerEnvironment({
        tableName: props.data.table.tableName,
        appVersion: props.appVersion,
        superAdminEmails: props.superAdminEmails,
      }),
    });
    // It reads the system configuration item (registrationEnabled) and nothing else.
    props.data.grant(this.preSignUp, ['dynamodb:GetItem']);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your RaceFinder verification code',
        emailBody: 'Your RaceFinder verification code is {####}',
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        // Optional so a Google account without a family name can still sign up; the form asks for both.
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(3) },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      email: UserPoolEmail.withCognito(),
      // Managed login (v2) needs at least the Essentials plan.
      featurePlan: FeaturePlan.ESSENTIALS,
      // Accounts are user data: like the table, the pool survives `cdk destroy` and refuses accidental deletion.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, this.postConfirmation);
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, this.preSignUp);
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional (TOTP) rather than required: RaceFinder is a consumer race directory where mandatory MFA ' +
          'would turn most visitors away at sign-up; users who want it can enable it',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials plan: it includes managed login; the Plus plan (threat protection) multiplies the per-user cost ' +
          'for a free consumer product and can be switched on later without replacing the pool',
      },
    );

    let google: UserPoolIdentityProviderGoogle | undefined;
    if (props.google) {
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: props.google.clientId,
        // A CloudFormation dynamic reference: resolved by CloudFormation at deploy, never written to the template.
        clientSecretValue: SecretValue.secretsManager(props.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
          // Google has verified the address; without this mapping Cognito would treat it as unverified.
          custom: { email_verified: ProviderAttribute.other('email_verified') },
        },
      });
    }
    this.googleSignIn = google !== undefined;

    this.domain = this.userPool.addDomain('ManagedLogin', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
      managedLoginVersion: ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    this.oauthDomain = `${this.domain.domainName}.auth.${region}.amazoncognito.com`;

    const redirectUrls = props.siteOrigins.flatMap((origin) => OAUTH_REDIRECT_PATHS.map((path) => `${origin}${path}`));
    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // USER_PASSWORD_AUTH is what the local stack (cognito-local, no SRP) uses; SRP keeps the password off the
      // wire in AWS. Refresh-token auth is always on.
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      oAuth: {
        flows: { authorizationCodeGrant: true },
        // COGNITO_ADMIN lets a user who signed in through managed login read and update their own attributes.
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.COGNITO_ADMIN],
        callbackUrls: redirectUrls,
        logoutUrls: redirectUrls,
      },
      supportedIdentityProviders: [
        UserPoolClientIdentityProvider.COGNITO,
        ...(google ? [UserPoolClientIdentityProvider.GOOGLE] : []),
      ],
    });
    // The client names Google as a provider, so the provider must exist first.
    if (google) this.userPoolClient.node.addDependency(google);

    // Managed login v2 renders nothing for a client without a branding style; Cognito's default style suffices.
    new CfnManagedLoginBranding(this, 'ManagedLoginBranding', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.userPoolClient.userPoolClientId,
      useCognitoProvidedValues: true,
    });
  }

  /** Issuer of the pool's tokens, as the HTTP API JWT authorizer and aws-jwt-verify expect it. */
  get issuerUrl(): string {
    return `https://${this.userPool.userPoolProviderUrl}`;
  }
}
