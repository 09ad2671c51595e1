/**
 * The site's own address, for links back to it from what leaves the site (a calendar feed's entries link to
 * the event pages). Set in SITE_URL for the routes that say so in infra/route-needs.ts (`siteUrl`): the
 * CloudFront URL or custom domain in AWS, the gateway's URL locally. Read once at cold start; a value that is
 * not a plain http(s) origin fails there rather than ending up in every calendar.
 */
export function parseSiteUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_URL is not a URL: ${value}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/+$/, '')) {
    throw new Error(`SITE_URL must be an http(s) origin such as https://races.example.com, got ${value}`);
  }
  return url.origin;
}

/** Undefined where the route was not given it: links then fall back to what needs no site (a registration page). */
export const siteUrl: string | undefined = parseSiteUrl(process.env.SITE_URL);

/**
 * For routes that cannot work without it (Stripe's return URLs): missing, the function fails at cold start,
 * not on a buyer's request. Its route must say `siteUrl: true` in infra/route-needs.ts.
 */
export function requireSiteUrl(routeName: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = parseSiteUrl(env.SITE_URL);
  if (!value) throw new Error(`${routeName} needs SITE_URL (infra/route-needs.ts: siteUrl)`);
  return value;
}
