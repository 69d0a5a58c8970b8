import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { extractProjectId, helpRequestSchema, issueDescriptionSchema } from './help-request.ts';
import { VALIDATION_ERROR, apiError, isApiError, zodErrorFields } from './error.ts';

function messages(value: unknown): string[] {
  const result = helpRequestSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const URL = 'https://app.test/projects/p1';

describe('helpRequestSchema', () => {
  it('accepts a valid request and trims the description', () => {
    expect(
      helpRequestSchema.parse({ url: URL, issue_description: '  The page does not load.  ' }),
    ).toEqual({ url: URL, issue_description: 'The page does not load.' });
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', '      '],
  ])('requires the description (%s)', (_name, value) => {
    expect(messages({ url: URL, issue_description: value })).toEqual(['This field is required']);
  });

  it('requires at least 10 characters after trimming', () => {
    expect(messages({ url: URL, issue_description: '123456789' })).toEqual([
      'Minimum 10 characters required',
    ]);
    expect(messages({ url: URL, issue_description: '   123456789   ' })).toEqual([
      'Minimum 10 characters required',
    ]);
    expect(messages({ url: URL, issue_description: '1234567890' })).toEqual([]);
  });

  it('allows at most 1000 characters', () => {
    expect(messages({ url: URL, issue_description: 'x'.repeat(1000) })).toEqual([]);
    expect(messages({ url: URL, issue_description: 'x'.repeat(1001) })).toEqual([
      'Maximum 1000 characters',
    ]);
  });

  it('rejects a description that is not a string', () => {
    expect(messages({ url: URL, issue_description: 42 })).toHaveLength(1);
  });

  it('requires a url string of at most 2048 characters', () => {
    const description = 'A long enough description';
    expect(messages({ issue_description: description })).toHaveLength(1);
    expect(messages({ url: 5, issue_description: description })).toHaveLength(1);
    expect(messages({ url: 'x'.repeat(2048), issue_description: description })).toEqual([]);
    expect(messages({ url: 'x'.repeat(2049), issue_description: description })).toHaveLength(1);
  });

  it('rejects unknown fields', () => {
    const result = helpRequestSchema.safeParse({
      url: URL,
      issue_description: 'A long enough description',
      user_id: 'someone-else',
    });
    expect(result.success).toBe(false);
  });

  it('exposes the description schema for forms', () => {
    expect(issueDescriptionSchema.safeParse('short').success).toBe(false);
    expect(issueDescriptionSchema.parse(' long enough text ')).toBe('long enough text');
  });
});

describe('extractProjectId', () => {
  it.each([
    ['https://x.test/projects/abc?x=1#h', 'abc'],
    ['/project/42/settings', '42'],
    ['/projects/42', '42'],
    ['/projects/42/', '42'],
    ['https://x.test/org/o1/project/p-9', 'p-9'],
    ['projects/7', '7'],
    ['//x.test/project/8', '8'],
    ['/projects/a%20b', 'a b'],
    ['/projects/%E0%A4%A', '%E0%A4%A'],
    ['/projectsX/1', null],
    ['/xprojects/1', null],
    ['/foo', null],
    ['/projects', null],
    ['/projects/', null],
    ['/projects?id=1', null],
    ['/projects#/1', null],
    ['/foo?next=/project/1', null],
    ['/foo#/projects/1', null],
    ['https://x.test/Projects/1', null],
    ['', null],
  ])('%s -> %s', (url, expected) => {
    expect(extractProjectId(url)).toBe(expected);
  });
});

describe('API errors', () => {
  it('turns a failed help request into field messages', () => {
    const result = helpRequestSchema.safeParse({ url: URL, issue_description: 'short', x: 1 });
    expect(result.success).toBe(false);
    if (result.success) return;
    const fields = zodErrorFields(result.error);
    expect(fields.issue_description).toEqual(['Minimum 10 characters required']);
    expect(fields['']).toHaveLength(1);
    const body = apiError(VALIDATION_ERROR, 'Invalid input', fields);
    expect(isApiError(body)).toBe(true);
    expect(isApiError(JSON.parse(JSON.stringify(body)))).toBe(true);
  });

  it('joins nested paths with dots', () => {
    const result = z.object({ a: z.array(z.object({ b: z.string() })) }).safeParse({ a: [{}] });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(zodErrorFields(result.error))).toEqual(['a.0.b']);
  });

  it('recognises the error shape', () => {
    expect(isApiError(apiError('NOT_FOUND', 'Not found'))).toBe(true);
    expect(apiError('NOT_FOUND', 'Not found')).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found' },
    });
    expect(isApiError({ error: 'nope' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
