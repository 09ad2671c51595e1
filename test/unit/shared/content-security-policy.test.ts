import { describe, expect, it } from 'vitest';
import { APP_START_SCRIPT_SOURCE } from '#shared/app-start-script';
import { IMAGE_HOSTS, contentSecurityPolicy, isAllowedImageUrl } from '#shared/content-security-policy';
import { CONTENT_SECURITY_POLICY } from '../../../infra/local/gateway.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('the Content-Security-Policy', () => {
  it("takes images from the site, data: URLs and the named image hosts only, never any https host", () => {
    expect(directive(contentSecurityPolicy(), 'img-src')).toBe(`img-src 'self' data: ${IMAGE_HOSTS.join(' ')}`);
    expect(contentSecurityPolicy()).not.toMatch(/(^|\s)https:(\s|;|$)/);
    for (const host of IMAGE_HOSTS) expect(new URL(host).origin, host).toBe(host);
  });

  it("runs scripts from the site only, and inline only the server-rendered pages' starter, by its hash", () => {
    expect(directive(contentSecurityPolicy(), 'script-src')).toBe(`script-src 'self' ${APP_START_SCRIPT_SOURCE}`);
    expect(APP_START_SCRIPT_SOURCE).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('is the one the local gateway sends', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(contentSecurityPolicy());
  });

  it('names the images the browser will show, so imports keep no others', () => {
    expect(isAllowedImageUrl('https://d368g9lw5ileu7.cloudfront.net/races/race4242-logo.png')).toBe(true);
    expect(isAllowedImageUrl('https://tracker.example.com/pixel.gif')).toBe(false);
    expect(isAllowedImageUrl('http://d368g9lw5ileu7.cloudfront.net/races/x.png')).toBe(false);
    expect(isAllowedImageUrl('https://d368g9lw5ileu7.cloudfront.net.evil.example/x.png')).toBe(false);
    expect(isAllowedImageUrl('not a url')).toBe(false);
  });
});
