import { describe, expect, it } from 'vitest';
import { CSV_ERRORS, csvRecords, readCsv } from '../../../../shared/csv.ts';
import { FileParseError, columnNames, decodeText, parseFile } from './file-parse.ts';

/** The separator PapaParse takes for a text. */
const detectSeparator = (text: string) => readCsv(text, () => {}).delimiter;

describe('CSV reading', () => {
  it('follows RFC 4180: quotes, doubled quotes, separators and line breaks inside quotes', () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"multi\nline",2\n\n3,4';
    expect([...csvRecords(text)]).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['multi\nline', '2'] },
      { line: 6, fields: ['3', '4'] },
    ]);
  });

  it('reports an unclosed quote on the line its record starts', () => {
    // PapaParse reads on after a malformed closing quote, up to a quote that ends a value.
    expect(csvRecords('a,b\n"x"y,1\n"open,2\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x"y,1\n"open,2\n'], error: CSV_ERRORS.unclosedQuote },
    ]);
    expect(csvRecords('a,b\n1,2\n"open,2\n')[2]).toEqual({
      line: 3,
      fields: ['open,2\n'],
      error: 'A quoted value is not closed (missing ")',
    });
  });

  it('takes the separator from the header line', () => {
    expect(detectSeparator('a;b;c\n1,5;2;3')).toBe(';');
    expect(detectSeparator('a\tb\n')).toBe('\t');
    expect(detectSeparator('"x;y",b\n')).toBe(',');
    expect(detectSeparator('single\n')).toBe(',');
  });

  it('names blank and repeated columns', () => {
    expect(columnNames([' id ', '', 'id', 'id'])).toEqual(['id', 'column_2', 'id_2', 'id_3']);
  });

  it('infers column types from every value and converts them', () => {
    const parsed = parseFile(
      'csv',
      [
        'int,num,bool,date,when,zip,mixed,empty',
        '1,1.5,TRUE,2024-02-29,2024-02-29T10:00:00Z,01234,1,',
        '-20,3,false,2023-12-31,2024-03-01 08:30,12345,x,',
        ',1e3,,,,,,',
      ].join('\n'),
    );
    expect(parsed.columns).toEqual([
      { name: 'int', type: 'integer' },
      { name: 'num', type: 'number' },
      { name: 'bool', type: 'boolean' },
      { name: 'date', type: 'date' },
      { name: 'when', type: 'datetime' },
      { name: 'zip', type: 'text' },
      { name: 'mixed', type: 'text' },
      { name: 'empty', type: 'text' },
    ]);
    expect(parsed.rows[0]).toEqual({
      int: 1,
      num: 1.5,
      bool: true,
      date: '2024-02-29',
      when: '2024-02-29T10:00:00Z',
      zip: '01234',
      mixed: '1',
      empty: null,
    });
    expect(parsed.rows[2]).toMatchObject({ int: null, num: 1000, bool: null });
  });

  it('does not take impossible dates or unsafe integers for dates and integers', () => {
    const parsed = parseFile('csv', 'd,n\n2023-02-29,9007199254740993\n');
    expect(parsed.columns).toEqual([
      { name: 'd', type: 'text' },
      { name: 'n', type: 'number' },
    ]);
  });

  it('lists bad rows (the count is complete, the list stops at 50)', () => {
    const lines = ['a,b', ...Array.from({ length: 60 }, (_, i) => (i % 2 ? `${i},x` : `${i}`))];
    const parsed = parseFile('csv', lines.join('\n'));
    expect(parsed.rows).toHaveLength(30);
    expect(parsed.errorCount).toBe(30);
    expect(parsed.errors).toHaveLength(30);
    expect(parsed.errors[0]).toEqual({ location: 'line 2', message: 'Expected 2 values, found 1' });
    const many = parseFile('csv', ['a,b', ...Array.from({ length: 80 }, () => '1')].join('\n'));
    expect(many.errorCount).toBe(80);
    expect(many.errors).toHaveLength(50);
  });

  it('refuses an empty file, an unreadable header and too many columns', () => {
    expect(() => parseFile('csv', '')).toThrow(new FileParseError('The file is empty'));
    expect(() => parseFile('csv', '"a,b\n')).toThrow(/header line cannot be read/);
    const wide = Array.from({ length: 501 }, (_, i) => `c${i}`).join(',');
    expect(() => parseFile('csv', wide)).toThrow('The file has more than 500 columns');
  });

  it('reads UTF-8 and falls back to Latin-1', () => {
    expect(decodeText(new TextEncoder().encode('café'))).toBe('café');
    expect(decodeText(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
});

describe('JSON reading', () => {
  it('takes an array of objects with the union of their keys', () => {
    const parsed = parseFile(
      'json',
      JSON.stringify([
        { id: 1, name: 'a', meta: { x: 1 } },
        { id: 2.5, extra: true },
        'not an object',
        [1, 2],
      ]),
    );
    expect(parsed.columns).toEqual([
      { name: 'id', type: 'number' },
      { name: 'name', type: 'text' },
      { name: 'meta', type: 'json' },
      { name: 'extra', type: 'boolean' },
    ]);
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.errors).toEqual([
      { location: 'item 3', message: 'Not an object' },
      { location: 'item 4', message: 'Not an object' },
    ]);
  });

  it('refuses what is not an array, or not JSON', () => {
    expect(() => parseFile('json', '{"rows": []}')).toThrow(/array of objects/);
    expect(() => parseFile('json', '[{"a": 1},')).toThrow(/not valid JSON/);
  });
});
