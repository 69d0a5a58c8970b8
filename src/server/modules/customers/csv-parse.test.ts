import { describe, expect, it } from 'vitest';
import { parseAmount, checkImportRow } from '../../../shared/schemas/customers.ts';
import { toCsv } from '../../http/csv.ts';
import { CsvSyntaxError, mapRow, parseCsv, suggestMapping } from './csv-parse.ts';

describe('parseCsv', () => {
  it('reads quoted cells with commas, quotes and line breaks, CRLF, a BOM and blank lines', () => {
    const text = '\uFEFFname,notes\r\n"Doe, Jane","said ""hi""\r\ntwice"\r\n\r\n  Bob  ,\n';
    expect(parseCsv(text)).toEqual({
      header: ['name', 'notes'],
      rows: [
        ['Doe, Jane', 'said "hi"\r\ntwice'],
        ['Bob', ''],
      ],
    });
  });

  it('detects ; and tab separators from the header line', () => {
    expect(parseCsv('a;b\n1;"x;y"').rows).toEqual([['1', 'x;y']]);
    expect(parseCsv('a\tb\n1\t2').rows).toEqual([['1', '2']]);
  });

  it('names blank and repeated headers so each column can be mapped', () => {
    expect(parseCsv('name,,name\n1,2,3').header).toEqual(['name', 'Column 2', 'name (2)']);
  });

  it('reads back what the export wrote, formula guards removed', () => {
    const csv = toCsv(
      ['name', 'phone'],
      [
        ['=SUM(A1)', '+33 1 23'],
        ['a\nb', '-5'],
        ['=x(), y', '@a,b'],
      ],
    );
    expect(parseCsv(csv).rows).toEqual([
      ['=SUM(A1)', '+33 1 23'],
      ['a\nb', '-5'],
      ['=x(), y', '@a,b'],
    ]);
  });

  it('fails on an unclosed quote, naming its line', () => {
    expect(() => parseCsv('name\nok\n"broken\nstill')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('name\nok\n"broken\nstill')).toThrow(/line 3/);
  });
});

describe('mapping and row checks', () => {
  it('suggests a field for common header names and maps cells', () => {
    const header = ['Customer Name', 'Email Address', 'Tel', 'Misc', 'Deal Value'];
    const mapping = suggestMapping(header);
    expect(mapping).toMatchObject({
      name: 'Customer Name',
      email: 'Email Address',
      phone: 'Tel',
      value: 'Deal Value',
      company: null,
    });
    expect(mapRow(header, ['Al', 'al@x.test', '', 'x'], mapping)).toMatchObject({
      name: 'Al',
      email: 'al@x.test',
      value: '',
    });
  });

  it('reads amounts as people write them', () => {
    expect(parseAmount('1,250.50')).toBe(1250.5);
    expect(parseAmount('$ 1 250')).toBe(1250);
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('-4')).toBeNull();
    expect(parseAmount('12abc')).toBeNull();
  });

  it('checks a row with the create rules; blank status is lead', () => {
    expect(checkImportRow({ name: 'A', status: 'Active', tags: 'a; b|a' })).toMatchObject({
      ok: true,
      customer: { name: 'A', status: 'active', tags: ['a', 'b'], value: 0 },
    });
    expect(checkImportRow({ name: 'A' })).toMatchObject({ ok: true, customer: { status: 'lead' } });
    const bad = checkImportRow({ name: '', email: 'x', value: 'ten', owner: 'bob' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.map((e) => e.field).sort()).toEqual(['email', 'name', 'owner', 'value']);
    }
  });
});
