import { describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION_LENGTH, htmlToPlainText, plainTextLine } from '#imports/normalize/description';

describe('descriptions as plain text', () => {
  it('drops scripts, styles, handlers and images with their contents', () => {
    const text = htmlToPlainText(
      '<p onclick="steal()">Hello</p><script>alert("x")</script><style>p{display:none}</style>' +
        '<img src="https://tracker.example/pixel.gif"><img src=x onerror="alert(1)"><iframe src="https://evil.example">framed</iframe>',
    );
    expect(text).toBe('Hello');
  });

  it('decodes entities to characters', () => {
    expect(htmlToPlainText('<p>Bob&#39;s trot &amp; walk&nbsp;&ndash; &lt;1 mile&gt; &quot;fun&quot; &frac12;</p>')).toBe(
      'Bob\'s trot & walk – <1 mile> "fun" ½',
    );
  });

  it('turns paragraphs, line breaks and list items into lines', () => {
    expect(htmlToPlainText('<p>One</p>\r\n<p>Two<br/>and a half</p><ul><li>A</li><li>B</li></ul><h3>End</h3>')).toBe(
      'One\n\nTwo\nand a half\n\n• A\n• B\n\nEnd',
    );
  });

  it('keeps http(s) link addresses as text and drops javascript: ones', () => {
    expect(htmlToPlainText('<a href="javascript:alert(1)">Win</a> <a href="https://race.example.org/info">read more</a>')).toBe(
      'Win read more (https://race.example.org/info)',
    );
    expect(htmlToPlainText('<a href="https://race.example.org">race.example.org</a>')).toBe('race.example.org');
    expect(htmlToPlainText('<a href="data:text/html,x">data</a>')).toBe('data');
  });

  it('keeps plain text lines and reads no markup in it', () => {
    expect(htmlToPlainText('Line one\r\nLine two\n\n\n\nLast')).toBe('Line one\nLine two\n\nLast');
    expect(htmlToPlainText('5 < 6 and 7 > 3')).toBe('5 < 6 and 7 > 3');
  });

  it('bounds the length at a word with an ellipsis', () => {
    const long = `<p>${'stride '.repeat(2000)}</p>`;
    const text = htmlToPlainText(long)!;
    expect(text.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(text.endsWith('stride…')).toBe(true);
  });

  it('gives nothing for empty or markup-only descriptions', () => {
    expect(htmlToPlainText('<p>&nbsp;</p>\r\n<p>&nbsp;</p>')).toBeUndefined();
    expect(htmlToPlainText('')).toBeUndefined();
    expect(htmlToPlainText(undefined)).toBeUndefined();
  });

  it('makes one line of a title with entities or tags', () => {
    expect(plainTextLine('Bob&#39;s Turkey Trot &amp; Pie Run')).toBe("Bob's Turkey Trot & Pie Run");
    expect(plainTextLine('  <b>Spring</b>\n 10K ')).toBe('Spring 10K');
    expect(plainTextLine('Plain   Title')).toBe('Plain Title');
  });
});
