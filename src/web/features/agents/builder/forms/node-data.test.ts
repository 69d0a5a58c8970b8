import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { tableColumns } from '../../api/builder-lookups';
import { dataSchemaOf, shownOnField, sqlParameters, zodErrorMap } from './node-data';

describe('node form logic', () => {
  it('finds the named parameters of SQL, each once, not casts or strings of colons', () => {
    expect(
      sqlParameters(
        'select * from t where a = :a and b::date > :since and c in (:a, :b_2) and d = 1::int',
      ),
    ).toEqual(['a', 'since', 'b_2']);
    expect(sqlParameters('select 1')).toEqual([]);
  });

  it('takes each type’s data schema from the shared graph schema', () => {
    expect(dataSchemaOf('llm').safeParse({}).data).toMatchObject({ maxToolRounds: 4 });
    expect(dataSchemaOf('start').safeParse({ mode: 'other' }).success).toBe(false);
  });

  it('shows a problem on a field the form has, others on top', () => {
    const problem = (field?: string) => ({ field, code: 'x', message: 'x' });
    expect(shownOnField('datasource_query', problem('dataSourceId'))).toBe(true);
    expect(shownOnField('http_request', problem('headers.0.value'))).toBe(true);
    expect(shownOnField('transform', problem('timeoutMs'))).toBe(true);
    expect(shownOnField('transform', problem('sql'))).toBe(false);
    expect(shownOnField('transform', problem())).toBe(false);
  });

  it('words zod’s limits with their numbers', () => {
    const t = ((key: string, params?: Record<string, unknown>) =>
      `${key}${params ? JSON.stringify(params) : ''}`) as unknown as TFunction;
    const result = dataSchemaOf('llm').safeParse(
      { temperature: 3, maxTokens: 1.5 },
      { error: zodErrorMap(t) },
    );
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['temperature', 'builderForms.errors.max{"max":2}'],
      ['maxTokens', 'builderForms.errors.integer'],
    ]);
  });

  it('turns a data source schema into table → columns, qualified outside the default schema', () => {
    expect(
      tableColumns({
        tables: [
          { schema: 'public', name: 'orders', kind: 'table', columns: [col('id'), col('total')] },
          { schema: 'sales', name: 'leads', kind: 'view', columns: [col('email')] },
          { schema: null, name: 'upload.csv', kind: 'file', columns: [col('a')] },
        ],
        truncated: false,
      }),
    ).toEqual({ orders: ['id', 'total'], 'sales.leads': ['email'], 'upload.csv': ['a'] });
  });
});

function col(name: string) {
  return { name, type: 'text', nullable: true };
}
