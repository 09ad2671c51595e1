/**
 * The site's Content-Security-Policy, one definition for CloudFront's response headers policy and the
 * local gateway: scripts and styles from the site only (inline style attributes for component libraries; the one
 * inline script that starts the app on a server-rendered page, by its hash: app-start-script.ts),
 * images from the site, data: URLs (the CSS's inline SVGs) and IMAGE_HOSTS, API calls to the site plus
 * whatever sign-in needs.
 */
import { APP_START_SCRIPT_SOURCE } from './app-start-script.ts';

/**
 * Where event pictures come from besides the site: RunSignup's CDN, which serves the race logos its search
 * returns (logo_url). Organizers' uploaded pictures are the site's own (/media/*, docs/images.md) and there are no
 * map tiles (a place links out to OpenStreetMap), so nothing else. Any https host would let an injected <img> report what a page shows to a host of its choice.
 * Imports keep only images on these hosts (lambdas/imports/normalize/url.ts), since the browser shows no other.
 */
export const IMAGE_HOSTS: readonly string[] = ['https://d368g9lw5ileu7.cloudfront.net'];

/** Whether the browser may show this image under the policy below ('self' aside: imports bring no own images). */
export function isAllowedImageUrl(value: string): boolean {
  try {
    return IMAGE_HOSTS.includes(new URL(value).origin);
  } catch {
    return false;
  }
}
export interface CspOptions {
  /** Origins besides the site that the browser calls: in AWS, Amplify talks to Cognito directly. */
  readonly connectSources?: readonly string[];
  /** Over https in AWS; not on the plain-http local gateway, where it would break every request. */
  readonly upgradeInsecureRequests?: boolean;
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${APP_START_SCRIPT_SOURCE}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...IMAGE_HOSTS].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...(options.connectSources ?? [])].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
