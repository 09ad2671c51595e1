/**
 * The site's Content-Security-Policy, one definition for CloudFront's response headers policy and the
 * local gateway: scripts and styles from the site only (inline style attributes for component libraries),
 * images also from https (event pictures), API calls to the site plus whatever sign-in needs.
 */
export interface CspOptions {
  /** Origins besides the site that the browser calls: in AWS, Amplify talks to Cognito directly. */
  readonly connectSources?: readonly string[];
  /** Over https in AWS; not on the plain-http local gateway, where it would break every request. */
  readonly upgradeInsecureRequests?: boolean;
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...(options.connectSources ?? [])].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
