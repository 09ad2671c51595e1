import { describe, expect, it } from 'vitest';
import { isSitePage, SITE_PAGE_PATTERN, SITE_PAGES } from '#shared/site-pages';

describe('site pages', () => {
  it.each(['/', '/events', '/events/', '/EVENTS', '/events/01JABCDEF', '/events/01JABCDEF/', '/auth', '/admin', '/admin/users/42', '/about', '/races/ohio', '/races/ohio/5k', '/races/ohio/5k/'])(
    'knows %s as a page',
    (path) => expect(isSitePage(path)).toBe(true),
  );

  it.each(['//', '/nope', '/events/a/b', '/eventsx', '/administrator', '/about/team', '/index.php', '/wp-login.php', '/.env', '/api', '/races', '/races/ohio/5k/more', '/racesohio'])(
    'answers %s as no page',
    (path) => expect(isSitePage(path)).toBe(false),
  );

  it('lists each page once, every one a router path', () => {
    expect(new Set(SITE_PAGES).size).toBe(SITE_PAGES.length);
    // An optional parameter (':name?') only last.
    for (const page of SITE_PAGES) expect(page).toMatch(/^\/([a-z0-9-]+|:[a-z]+)?(\/([a-z0-9-]+|:[a-z]+))*(\/:[a-z]+\?|\/\*)?$/);
  });

  it('gives a pattern a CloudFront Function (ES5 RegExp) can compile to the same answers', () => {
    const pattern = new RegExp(SITE_PAGE_PATTERN, 'i');
    expect(pattern.test('/events/01JABCDEF')).toBe(true);
    expect(pattern.test('/nope')).toBe(false);
    // No lookbehind, named groups or other syntax newer than ES5.
    expect(SITE_PAGE_PATTERN).not.toMatch(/\(\?<|\\k<|\\p\{/);
  });
});
