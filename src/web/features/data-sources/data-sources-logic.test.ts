import { describe, expect, it } from 'vitest';
import {
  cellText,
  connectionCauseOf,
  fileQueryBody,
  httpQueryBody,
  quoteIdentifier,
  runFailureKind,
  selectAllSql,
} from './query-logic';
import { parseDataSourceDetailSearch, parseDataSourceListSearch } from './search';
import {
  connectionFormFromSource,
  createBody,
  emptyConnectionForm,
  serverFieldErrors,
  updateBody,
  validateConnectionForm,
} from './settings-form';
import { sourceSummary } from './summary';
import { checkUploadFile, formatBytes, invalidRowsOf } from './upload';

describe('connection form', () => {
  it('builds the create body of a database with the port as a number and the password', () => {
    const form = {
      ...emptyConnectionForm('postgres'),
      name: ' Warehouse ',
      host: ' 127.0.0.1 ',
      database: 'test',
      user: 'postgres',
      ssl: 'disable' as const,
      secret: 's3cret',
    };
    expect(validateConnectionForm('postgres', form, 'create')).toEqual({});
    expect(createBody('postgres', form)).toEqual({
      type: 'postgres',
      name: 'Warehouse',
      description: '',
      config: { host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres', ssl: 'disable' },
      secret: 's3cret',
    });
  });

  it('answers locale keys for missing and malformed fields', () => {
    const form = { ...emptyConnectionForm('mysql'), host: 'http://db', port: '70000' };
    const errors = validateConnectionForm('mysql', form, 'create');
    expect(errors).toMatchObject({
      name: 'dataSources.validation.required',
      'config.host': 'dataSources.validation.host',
      'config.port': 'dataSources.validation.port',
      'config.database': 'dataSources.validation.required',
      'config.user': 'dataSources.validation.required',
    });
    // 'Test connection' does not need a name.
    expect(validateConnectionForm('mysql', form, 'test')).not.toHaveProperty('name');
  });

  it('needs the token of an HTTP API with bearer authentication and the header name for header auth', () => {
    const base = {
      ...emptyConnectionForm('http'),
      name: 'API',
      baseUrl: 'https://api.example.com',
    };
    expect(validateConnectionForm('http', { ...base, authType: 'bearer' }, 'create')).toMatchObject(
      {
        secret: 'dataSources.validation.secretRequired',
      },
    );
    expect(
      validateConnectionForm('http', { ...base, authType: 'header', secret: 'k' }, 'create'),
    ).toMatchObject({ 'config.authHeader': 'dataSources.validation.authHeaderRequired' });
    const headers = [
      { name: 'Accept', value: 'application/json' },
      { name: '', value: '' },
    ];
    const ok = { ...base, authType: 'bearer' as const, secret: 'tok', headers };
    expect(validateConnectionForm('http', ok, 'create')).toEqual({});
    expect(createBody('http', ok).config).toEqual({
      baseUrl: 'https://api.example.com',
      authType: 'bearer',
      headers: [{ name: 'Accept', value: 'application/json' }],
      testPath: '',
    });
    expect(
      validateConnectionForm('http', { ...ok, headers: [{ name: 'Host', value: 'x' }] }, 'create'),
    ).toMatchObject({ 'config.headers.0.name': 'dataSources.validation.reservedHeader' });
  });

  it('keeps, replaces or removes a stored secret on update', () => {
    const saved = connectionFormFromSource({
      type: 'postgres',
      name: 'DB',
      description: '',
      config: { host: 'db', port: 5433, database: 'app', user: 'u', ssl: 'require' },
      hasSecret: true,
    });
    expect(saved.port).toBe('5433');
    expect(updateBody('postgres', saved)).not.toHaveProperty('secret');
    expect(
      updateBody('postgres', { ...saved, secretMode: 'replace', secret: 'new' }),
    ).toMatchObject({ secret: 'new' });
    expect(updateBody('postgres', { ...saved, secretMode: 'remove' })).toMatchObject({
      secret: null,
    });
    // A replace left empty changes nothing.
    expect(updateBody('postgres', { ...saved, secretMode: 'replace' })).not.toHaveProperty(
      'secret',
    );
    const none = connectionFormFromSource({
      type: 'http',
      name: 'API',
      description: '',
      config: { baseUrl: 'https://a.example', authType: 'none', headers: [] },
      hasSecret: false,
    });
    expect(none.secretMode).toBe('replace');
  });

  it('translates known server messages and keeps the others as written', () => {
    expect(
      serverFieldErrors({
        name: ['A data source with this name already exists'],
        'config.port': ['Something new'],
      }),
    ).toEqual({ name: 'dataSources.validation.duplicateName', 'config.port': 'Something new' });
  });
});

describe('query console', () => {
  it('quotes identifiers per dialect and writes a first query for a table', () => {
    expect(quoteIdentifier('postgres', 'a"b')).toBe('"a""b"');
    expect(quoteIdentifier('mysql', 'a`b')).toBe('`a``b`');
    expect(selectAllSql('postgres', { schema: 'public', name: 'orders' })).toBe(
      'select *\nfrom "public"."orders"\nlimit 100;',
    );
    expect(selectAllSql('mysql', { schema: null, name: 'orders' })).toContain('from `orders`');
  });

  it('reads the cause of a connection failure and the kind of a failed run', () => {
    const failed = { code: 'CONNECTION_FAILED', fields: { cause: ['CONNECTION_REFUSED'] } };
    expect(connectionCauseOf(failed)).toBe('CONNECTION_REFUSED');
    expect(connectionCauseOf({ code: 'CONNECTION_FAILED', fields: { cause: ['??'] } })).toBe(
      'UNKNOWN',
    );
    expect(connectionCauseOf({ code: 'QUERY_FAILED' })).toBeNull();
    expect(runFailureKind({ code: 'QUERY_FAILED' })).toBe('queryFailed');
    expect(runFailureKind({ code: 'QUERY_TIMEOUT' })).toBe('timeout');
    expect(runFailureKind(failed)).toBe('connection');
    expect(runFailureKind(new Error('x'))).toBe('other');
  });

  it('shows cells: null apart, objects as JSON', () => {
    expect(cellText(null)).toBeNull();
    expect(cellText('')).toBe('');
    expect(cellText(0)).toBe('0');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
  });

  it('builds the HTTP and file request bodies', () => {
    expect(
      httpQueryBody('users', [
        { name: 'q', value: 'x' },
        { name: ' ', value: 'ignored' },
      ]),
    ).toEqual({ path: '/users', query: { q: 'x' } });
    expect(
      fileQueryBody(
        [
          { column: 'age', op: 'gt', value: '30' },
          { column: 'email', op: 'empty', value: 'ignored' },
          { column: '', op: 'eq', value: '' },
        ],
        [{ column: 'age', direction: 'desc' }],
        2,
        50,
      ),
    ).toEqual({
      filters: [
        { column: 'age', op: 'gt', value: '30' },
        { column: 'email', op: 'empty' },
      ],
      sort: [{ column: 'age', direction: 'desc' }],
      page: 2,
      pageSize: 50,
    });
  });
});

describe('uploads, summaries and addresses', () => {
  it('checks a file the way the server does', () => {
    expect(checkUploadFile({ name: 'a.csv', size: 10, type: 'text/csv' })).toBeNull();
    expect(checkUploadFile({ name: 'a.JSON', size: 10, type: '' })).toBeNull();
    expect(checkUploadFile({ name: 'a.xlsx', size: 10, type: '' })).toBe('wrongFormat');
    expect(checkUploadFile({ name: 'a.csv', size: 50 * 1024 * 1024 + 1, type: '' })).toBe(
      'tooLarge',
    );
    expect(checkUploadFile({ name: 'a.csv', size: 0, type: '' })).toBe('empty');
  });

  it('lists bad rows in file order and formats sizes', () => {
    expect(invalidRowsOf({ 'line 12': ['b'], 'line 3': ['a', 'c'], file: ['whole file'] })).toEqual(
      [
        { location: 'line 3', message: 'a; c' },
        { location: 'line 12', message: 'b' },
      ],
    );
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(50 * 1024 * 1024, 'en')).toBe('50 MB');
  });

  it('summarises where the data comes from, without secrets', () => {
    expect(
      sourceSummary({
        type: 'postgres',
        config: { host: 'db', port: 5432, database: 'app', user: 'u' },
      }),
    ).toEqual({ kind: 'database', text: 'db:5432/app' });
    expect(sourceSummary({ type: 'mysql', config: { host: '::1', port: 3306 } })).toEqual({
      kind: 'database',
      text: '[::1]:3306',
    });
    expect(sourceSummary({ type: 'http', config: { baseUrl: 'https://a.example' } })).toEqual({
      kind: 'http',
      text: 'https://a.example',
    });
    expect(
      sourceSummary({ type: 'file', config: { fileName: 'a.csv', rowCount: 3, size: 10 } }),
    ).toEqual({ kind: 'file', fileName: 'a.csv', rowCount: 3, size: 10 });
  });

  it('reads the list and detail addresses, dropping defaults and unknown values', () => {
    expect(
      parseDataSourceListSearch({ search: ' x ', type: 'file', page: '2', pageSize: 10 }),
    ).toEqual({ search: ' x ', type: 'file', page: 2 });
    expect(parseDataSourceListSearch({ type: 'oracle', page: 1, pageSize: 7 })).toEqual({});
    expect(parseDataSourceDetailSearch({ tab: 'query' })).toEqual({ tab: 'query' });
    expect(parseDataSourceDetailSearch({ tab: 'overview' })).toEqual({});
    expect(parseDataSourceDetailSearch({ tab: 'nope' })).toEqual({});
  });
});
