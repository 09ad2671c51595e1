import * as z from 'zod';

/**
 * /config.json: what the one web build learns about the environment it runs in. Written at deploy by the
 * site construct and served by the local gateway, so no environment value is baked into the bundle.
 */
/**
 * The team's public contact details for the site footer and the contact page, from deploy configuration
 * (infra/deploy-config.ts contactEmail, contactPhone, contactCity): none is written in code. Each is optional;
 * without any, the footer shows only the link to the contact form.
 */
export const SiteContactSchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  city: z.string().optional(),
});
export type SiteContact = z.infer<typeof SiteContactSchema>;

export const RuntimeConfigSchema = z.object({
  environment: z.enum(['local', 'aws']),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only locally: the cognito-local endpoint (through the gateway) Amplify sends Cognito calls to. */
  userPoolEndpoint: z.string().optional(),
  /** Managed login domain (no scheme); present only when the deployment configures Google sign-in. */
  oauthDomain: z.string().optional(),
  googleSignIn: z.boolean(),
  /** The site's own origin, for OAuth redirects. */
  siteUrl: z.string(),
  /**
   * Only in AWS: AWS console links for /admin/system (the CloudWatch dashboard, the alarms, the WAF web ACL),
   * written at deploy by infra/site.ts from infra/operations.ts and infra/waf.ts.
   */
  operations: z
    .object({
      dashboardUrl: z.string(),
      alarmsUrl: z.string(),
      webAclUrl: z.string().optional(),
    })
    .optional(),
  /** Present when the deployment configures at least one contact detail. */
  contact: SiteContactSchema.optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
