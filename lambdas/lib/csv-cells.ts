/**
 * CSV text of export rows: a header row of field names, then one line per record, written by csv-stringify.
 * Every text cell that a spreadsheet would read as a formula (it starts with = + - @, a tab, CR or LF) gets a
 * leading apostrophe and quotes (DESIGN section 11; OWASP "CSV injection"), so opening an export in Excel or
 * Sheets never runs what a race organizer or a user typed. Numbers are written as numbers: -105.27 is a
 * longitude, and a number cannot carry a formula.
 */
import { stringify } from 'csv-stringify/sync';

export type Cell = string | number | boolean | undefined;
export type Row = Readonly<Record<string, Cell>>;

const FORMULA_START = /^[=+\-@\t\r\n]/;

/** The text a cell holds once it cannot start a formula. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The CSV lines of one page of rows, in `columns` order; the header row only when asked (the first page),
 * after a UTF-8 byte-order mark, without which Excel reads 'Cañon City' as 'CaÃ±on City'. Lines end in CRLF
 * (RFC 4180); fields with a comma, quote or line break are quoted as usual.
 */
export function csvLines(columns: readonly string[], rows: readonly Row[], header: boolean): string {
  return stringify(rows as Row[], {
    columns: columns.map((key) => ({ key })),
    header,
    bom: header,
    record_delimiter: 'windows',
    // Off by default once record_delimiter is set: a cell holding a lone LF would then split its row.
    quote_record_delimiter: true,
    cast: {
      boolean: (value) => (value ? 'true' : 'false'),
      string: (value, context) => {
        if (context.header) return value;
        const safe = neutralizeFormula(value);
        return safe === value ? value : { value: safe, quoted: true };
      },
    },
  });
}
