/** Links from sources are only kept when they are absolute http(s) URLs: no javascript:, data: or relative ones. */
import { isAllowedImageUrl } from '#shared/content-security-policy';
import { httpUrl } from '#lib/http-url';

/**
 * An image URL worth showing: https (the page is https) with a path that names a file, not a bare host, on a
 * host the site's Content-Security-Policy lets the browser load images from (a card would only show its
 * placeholder otherwise).
 */
export function imageUrl(value: string | undefined): string | undefined {
  const url = httpUrl(value);
  if (!url || !url.startsWith('https://') || !isAllowedImageUrl(url)) return undefined;
  return new URL(url).pathname.length > 1 ? url : undefined;
}
