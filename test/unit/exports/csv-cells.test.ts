/**
 * CSV text of exports: a header row of field names, RFC 4180 quoting, and every text cell that a spreadsheet
 * would take for a formula neutralized with a leading apostrophe and quotes (DESIGN section 11).
 */
import { describe, expect, it } from 'vitest';
import { csvLines, neutralizeFormula } from '../../../lambdas/lib/csv-cells.ts';

const BOM = '\uFEFF';

describe('formula neutralization', () => {
  it.each([
    ['=', '=HYPERLINK("http://evil.example","Click")'],
    ['+', '+1+cmd|calc'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A2)'],
    ['tab', '\t=1+1'],
    ['CR', '\r=1+1'],
    ['LF', '\n=1+1'],
  ])('prefixes a cell starting with %s with an apostrophe and quotes it', (_name, text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`);
    const line = csvLines(['title'], [{ title: text }], false);
    expect(line).toBe(`"'${text.replace(/"/g, '""')}"\r\n`);
  });

  it('leaves ordinary text, and dangerous characters that are not first, as they are', () => {
    for (const text of ['Boston Marathon', 'A=B', 'Run + Ride', 'info@race.example', "'quoted already", '5K - Fun Run']) {
      expect(neutralizeFormula(text)).toBe(text);
    }
    expect(csvLines(['title'], [{ title: 'Run + Ride' }], false)).toBe('Run + Ride\r\n');
  });

  it('writes numbers as numbers, so a negative longitude stays a number', () => {
    expect(csvLines(['latitude', 'longitude'], [{ latitude: 40.01, longitude: -105.27 }], false)).toBe('40.01,-105.27\r\n');
  });
});

describe('csv lines', () => {
  it('starts the first page with a byte-order mark and the header row of field names, in column order', () => {
    const text = csvLines(['id', 'title', 'verified'], [{ title: 'Bolder Boulder', id: '1', verified: true }], true);
    expect(text).toBe(`${BOM}id,title,verified\r\n1,Bolder Boulder,true\r\n`);
  });

  it('writes only the rows on later pages', () => {
    expect(csvLines(['id'], [{ id: '2' }, { id: '3' }], false)).toBe('2\r\n3\r\n');
  });

  it('writes the header alone for an empty table', () => {
    expect(csvLines(['id', 'name'], [], true)).toBe(`${BOM}id,name\r\n`);
  });

  it('quotes commas, quotes and line breaks, and leaves absent values empty', () => {
    const text = csvLines(['a', 'b', 'c', 'd'], [{ a: 'Hills, Valleys', b: 'The "Beast"', c: 'two\nlines' }], false);
    expect(text).toBe('"Hills, Valleys","The ""Beast""","two\nlines",\r\n');
  });

  it('escapes a dangerous cell that also holds quotes and commas', () => {
    expect(csvLines(['t'], [{ t: '=cmd|" /C calc",x' }], false)).toBe(`"'=cmd|"" /C calc"",x"\r\n`);
  });

  it('writes false as false', () => {
    expect(csvLines(['featured'], [{ featured: false }], false)).toBe('false\r\n');
  });
});
