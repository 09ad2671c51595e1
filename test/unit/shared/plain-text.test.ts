import { describe, expect, it } from 'vitest';
import { excerptOf, normalizeLineBreaks, paragraphsOf } from '#shared/plain-text';

describe('plain text athletes write', () => {
  it('splits paragraphs on blank lines, whatever the line breaks, and keeps single breaks inside one', () => {
    expect(paragraphsOf('First line\nstill first.\r\n\r\n  Second.  \n \n\n\nThird.\n')).toEqual(['First line\nstill first.', 'Second.', 'Third.']);
    expect(paragraphsOf('   \n\n ')).toEqual([]);
    expect(normalizeLineBreaks('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('cuts an excerpt at a word with an ellipsis, and leaves short text whole', () => {
    expect(excerptOf('Short and sweet.', 40)).toBe('Short and sweet.');
    expect(excerptOf('One two three four five six seven', 20)).toBe('One two three four…');
    expect(excerptOf('Paragraph one.\n\nParagraph, two, goes on and on', 30)).toBe('Paragraph one. Paragraph, two…');
    // A single long word is cut where it must be.
    expect(excerptOf('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`);
    expect(excerptOf('word '.repeat(100), 280).length).toBeLessThanOrEqual(281);
  });
});
