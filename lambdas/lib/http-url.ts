/** Links kept from outside (a source's race, an organizer's form) are absolute http(s) URLs only: no javascript:, data: or relative ones. */

/** The URL, normalized by the URL parser, when it is http or https; otherwise undefined. */
export function httpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}
