import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '../../../shared/schemas/customers';
import { fieldMessageText } from '../../lib/error-text';
import { groupByRow, rowProblemsFromFields } from './errors';
import { assignColumn, checkFile, checkText, completeMapping, mappingForApi } from './import';
import {
  customerFilters,
  customerListParams,
  customerListSearchSchema,
  formatTagList,
  hasFilters,
  nextSort,
  parseTagList,
} from './list-search';

const ID = '3d1aa2cb-0fe1-491e-8622-8a1f0d9c82c6';

describe('the list address', () => {
  it('keeps valid filters and drops the rest', () => {
    expect(
      customerListSearchSchema.parse({
        page: '2',
        pageSize: 7,
        status: 'won',
        owner: 'none',
        tags: 'vip,north',
        sort: 'value',
        order: 'up',
        customer: 'not-an-id',
      }),
    ).toEqual({
      page: 2,
      pageSize: undefined,
      search: undefined,
      status: undefined,
      owner: 'none',
      tags: 'vip,north',
      sort: 'value',
      order: undefined,
      customer: undefined,
    });
    expect(customerListSearchSchema.parse({ customer: ID, owner: ID }).customer).toBe(ID);
  });

  it('gives the API its filters, with the defaults', () => {
    expect(customerListParams({})).toEqual({
      search: undefined,
      status: undefined,
      owner: undefined,
      tags: undefined,
      sort: 'createdAt',
      order: 'desc',
      page: 1,
      pageSize: 10,
    });
    expect(customerFilters({ search: '  acme ', tags: ' vip, ,vip,north ' })).toMatchObject({
      search: 'acme',
      tags: 'vip,north',
    });
    expect(hasFilters({ search: '   ' })).toBe(false);
    expect(hasFilters({ owner: 'none' })).toBe(true);
  });

  it('tags: trimmed, without blanks or repeats', () => {
    expect(parseTagList(' a , b,,a ')).toEqual(['a', 'b']);
    expect(parseTagList(undefined)).toEqual([]);
    expect(formatTagList([])).toBeUndefined();
    expect(formatTagList(['x', ' y '])).toBe('x,y');
  });

  it('a click on a column sorts by it, then flips; the default sort leaves the address', () => {
    const current = { sort: 'createdAt' as const, order: 'desc' as const };
    expect(nextSort(current, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({
      sort: 'name',
      order: 'desc',
    });
    expect(nextSort(current, 'createdAt')).toEqual({ sort: 'createdAt', order: 'asc' });
    expect(nextSort({ sort: 'createdAt', order: 'asc' }, 'createdAt')).toEqual({
      sort: undefined,
      order: undefined,
    });
    expect(nextSort(current, 'updatedAt')).toEqual({ sort: 'updatedAt', order: 'desc' });
  });
});

describe('the import wizard', () => {
  const columns = ['Full Name', 'Mail', 'Telefon'];

  it('checks the file before sending it', () => {
    expect(checkFile({ size: 0 })).toBe('empty');
    expect(checkFile({ size: 1024 })).toBeNull();
    expect(checkText('  \n')).toBe('empty');
    expect(checkText('name\nA')).toBeNull();
    expect(checkText('x'.repeat(5 * 1024 * 1024 + 1))).toBe('tooLarge');
  });

  it('completes the suggested mapping with every field, dropping unknown columns', () => {
    const mapping = completeMapping({ name: 'Full Name', email: 'Mail', notes: 'Gone' }, columns);
    expect(mapping).toEqual({
      name: 'Full Name',
      email: 'Mail',
      phone: null,
      company: null,
      status: null,
      value: null,
      owner: null,
      tags: null,
      notes: null,
    });
    expect(mappingForApi(mapping)).toEqual({ name: 'Full Name', email: 'Mail' });
  });

  it('a column maps to one field: choosing it elsewhere moves it', () => {
    const mapping = completeMapping({ name: 'Full Name', email: 'Mail' }, columns);
    const moved = assignColumn(mapping, 'notes', 'Mail');
    expect(moved.email).toBeNull();
    expect(moved.notes).toBe('Mail');
    expect(assignColumn(moved, 'name', null).name).toBeNull();
    expect(mapping.email).toBe('Mail');
  });
});

describe('messages of the customer rules', () => {
  const t = ((key: string, params?: Record<string, unknown>) =>
    `${key}${params && 'max' in params ? `(${String(params.max)})` : ''}`) as never;

  it('translates the known messages and limits, keeps the others', () => {
    expect(fieldMessageText(t, CUSTOMER_MESSAGES.emailTaken)).toBe('customers.errors.emailTaken');
    expect(fieldMessageText(t, CUSTOMER_MESSAGES.required)).toBe('validation.required');
    expect(fieldMessageText(t, 'Use at most 200 characters')).toBe('validation.tooLong(200)');
    expect(fieldMessageText(t, `${CUSTOMER_MESSAGES.csvMalformed} (line 3)`)).toBe(
      'customers.errors.csvMalformedDetail',
    );
    expect(fieldMessageText(t, 'Something new')).toBe('Something new');
  });

  it('reads the rows of a refused import, in row order, grouped per row', () => {
    const problems = rowProblemsFromFields({
      'rows.10.email': ['Taken'],
      'rows.2.value': ['Bad amount'],
      'rows.2.email': ['Bad address'],
      csv: ['ignored'],
    });
    expect(problems).toEqual([
      { row: 2, field: 'email', message: 'Bad address' },
      { row: 2, field: 'value', message: 'Bad amount' },
      { row: 10, field: 'email', message: 'Taken' },
    ]);
    expect(groupByRow(problems).map(({ row, problems: list }) => [row, list.length])).toEqual([
      [2, 2],
      [10, 1],
    ]);
    expect(rowProblemsFromFields(undefined)).toEqual([]);
  });
});
