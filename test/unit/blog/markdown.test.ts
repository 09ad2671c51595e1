/**
 * The blog's Markdown renderer (lambdas/admin-blog/markdown.ts): what an admin writes comes out as text
 * structure, and nothing in it can run in a reader's browser. The HTML is parsed back with jsdom (a real DOM
 * parser, as a browser would read it) so the checks look at elements and attributes, not at string shapes.
 */
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../lambdas/admin-blog/markdown.ts';
import { authorName } from '../../../lambdas/admin-blog/author-name.ts';

function dom(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(markdown);
  return root;
}

/** Every attribute in the tree, as name=value. */
function attributes(root: HTMLElement): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`));
}

function expectNothingRuns(root: HTMLElement): void {
  expect(root.querySelectorAll('script, style, iframe, object, embed, svg, math, form, input, link, meta, base')).toHaveLength(0);
  for (const attribute of attributes(root)) {
    expect(attribute).not.toMatch(/^on/i);
    expect(attribute).not.toMatch(/^style=/i);
    expect(attribute).not.toMatch(/=\s*(javascript|vbscript|data):/i);
  }
}

describe('blog Markdown', () => {
  it('renders headings, emphasis, lists, code, quotes, tables and links as their elements', () => {
    const root = dom(
      [
        '## Taper week',
        'Run **less**, sleep _more_ and ~~panic~~ rest.',
        '- Monday: rest',
        '- Tuesday: 5 km easy',
        '1. one',
        '2. two',
        '> Trust the training.',
        '```\npace = distance / time\n```',
        '| Day | Km |\n| --- | --- |\n| Sat | 10 |',
        '[Find races](/events) or read [the rules](https://example.org/rules).',
      ].join('\n\n'),
    );
    expect(root.querySelector('h2')?.textContent).toBe('Taper week');
    expect(root.querySelector('strong')?.textContent).toBe('less');
    expect(root.querySelector('em')?.textContent).toBe('more');
    expect(root.querySelector('del')?.textContent).toBe('panic');
    expect([...root.querySelectorAll('ul li')].map((li) => li.textContent?.trim())).toEqual(['Monday: rest', 'Tuesday: 5 km easy']);
    expect(root.querySelectorAll('ol li')).toHaveLength(2);
    expect(root.querySelector('blockquote')?.textContent?.trim()).toBe('Trust the training.');
    expect(root.querySelector('pre code')?.textContent).toBe('pace = distance / time\n');
    expect(root.querySelector('table td')?.textContent).toBe('Sat');
    const [inside, outside] = [...root.querySelectorAll('a')];
    expect(inside?.getAttribute('href')).toBe('/events');
    expect(inside?.hasAttribute('rel')).toBe(false);
    expect(outside?.getAttribute('href')).toBe('https://example.org/rules');
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer');
    expectNothingRuns(root);
  });

  it("makes a post's # headings h2, since the post's title is the page's one h1", () => {
    const root = dom('# Big news\n\nText');
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('h2')?.textContent).toBe('Big news');
  });

  it('drops a <script> with its code, keeping the text around it', () => {
    const root = dom('Before\n\n<script>window.hacked = true; alert(document.cookie)</script>\n\nAfter');
    expect(root.querySelector('script')).toBeNull();
    expect(root.textContent).not.toContain('hacked');
    expect(root.textContent).toContain('Before');
    expect(root.textContent).toContain('After');
    expectNothingRuns(root);
  });

  it('strips onerror and every other event handler from raw HTML', () => {
    const root = dom('<img src="/images/x.png" onerror="alert(1)" onload="alert(2)">\n\n<p onclick="alert(3)" style="position:fixed">Click</p>\n\n<a href="/x" onmouseover="alert(4)">hover</a>');
    expectNothingRuns(root);
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/images/x.png');
    // Raw HTML without alt text is taken as decorative, so screen readers skip it rather than read its address.
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(root.textContent).toContain('Click');
  });

  it('keeps no javascript:, vbscript: or data: address in a link or an image, however it is spelt', () => {
    const root = dom(
      [
        '[plain](javascript:alert(1))',
        '[cased](JaVaScRiPt:alert(1))',
        '<a href="&#106;avascript:alert(1)">entity</a>',
        '<a href=" javascript:alert(1)">spaced</a>',
        '[vb](vbscript:msgbox(1))',
        '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
        '![pixel](data:image/png;base64,iVBORw0KGgo=)',
        '<a href="//evil.example/">protocol-relative</a>',
      ].join('\n\n'),
    );
    expectNothingRuns(root);
    for (const link of root.querySelectorAll('a')) {
      const href = link.getAttribute('href');
      if (href !== null) expect(href, link.textContent ?? '').toMatch(/^(https?:|mailto:|\/[^/])/);
    }
    expect(root.querySelectorAll('a[href]')).toHaveLength(0);
    expect(root.querySelector('img')).toBeNull();
    // The words stay readable.
    for (const text of ['plain', 'cased', 'entity', 'spaced', 'vb', 'data', 'protocol-relative']) expect(root.textContent).toContain(text);
  });

  it('drops iframes, styles, SVG and forms with their contents', () => {
    const root = dom('<iframe src="https://evil.example"></iframe>\n\n<style>body{display:none}</style>\n\n<svg onload="alert(1)"><script>alert(2)</script></svg>\n\n<form action="https://evil.example"><input name="password"></form>\n\nSafe text');
    expectNothingRuns(root);
    expect(root.textContent?.trim()).toBe('Safe text');
  });

  it("keeps https images (lazy) from the policy's image hosts and the site, and drops http ones and others the page could not show", () => {
    const root = dom(
      [
        '![Finish line](https://d368g9lw5ileu7.cloudfront.net/races/finish.jpg "Boston")',
        '![old](http://d368g9lw5ileu7.cloudfront.net/races/old.jpg)',
        '![elsewhere](https://images.example.org/finish.jpg)',
        '![sneaky](//images.example.org/finish.jpg)',
        '![own](/images/course.png)',
      ].join('\n\n'),
    );
    const images = root.querySelectorAll('img');
    expect([...images].map((image) => image.getAttribute('src'))).toEqual(['https://d368g9lw5ileu7.cloudfront.net/races/finish.jpg', '/images/course.png']);
    expect(images[0]?.getAttribute('alt')).toBe('Finish line');
    expect(images[0]?.getAttribute('loading')).toBe('lazy');
  });

  it('shows text that looks like markup in a code span as text', () => {
    const root = dom('Type `<script>alert(1)</script>` to see nothing happen.');
    expect(root.querySelector('code')?.textContent).toBe('<script>alert(1)</script>');
    expectNothingRuns(root);
  });
});

describe('the author of a post', () => {
  it("is the admin's name, never their e-mail address", () => {
    expect(authorName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(authorName({ firstName: ' Ada ' })).toBe('Ada');
    expect(authorName({})).toBe('The RaceFinder team');
  });
});
