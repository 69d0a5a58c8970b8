/**
 * The statements the query console (and every later query path: agents' SQL steps) may run,
 * checked by a real SQL parser before anything reaches the database: PostgreSQL's own parser
 * (libpg-query) and node-sql-parser's MySQL/MariaDB grammar.
 *
 * Allowed: one SELECT (WITH … SELECT, VALUES and TABLE are SELECTs to PostgreSQL), SHOW,
 * DESCRIBE, EXPLAIN without ANALYZE. Refused: anything else, more than one statement, SELECT …
 * INTO, data-modifying WITH, MySQL executable comments and optimizer hints (`/*! … *\/`,
 * `/*+ … *\/`, which the server runs but a parser reads as comments), and functions that reach
 * the server's files, programs or other sessions. The read-only transaction and the statement
 * time-out stay as a second line.
 */
// Both parsers load when the first console query needs one: libpg-query's WebAssembly module
// alone reserves 128 MB, which a server that never runs a console query should not hold.
import type { Parser } from 'node-sql-parser';
import { ConnectorError } from './types.ts';

export const STATEMENT_NOT_ALLOWED =
  'Only read-only statements can run here: SELECT, WITH … SELECT, SHOW, DESCRIBE, EXPLAIN (without ANALYZE), VALUES and TABLE, one at a time.';

const refuse = (why: string) => new ConnectorError('refused', `${why} ${STATEMENT_NOT_ALLOWED}`);

/** Functions that read or write the server's files, run programs or act on other sessions. */
const POSTGRES_DENIED_FUNCTIONS = new Set([
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_ls_logdir',
  'pg_ls_waldir',
  'pg_ls_tmpdir',
  'pg_ls_archive_statusdir',
  'lo_import',
  'lo_export',
  'lo_from_bytea',
  'lo_put',
  'lo_create',
  'lo_unlink',
  'dblink',
  'dblink_exec',
  'dblink_connect',
  'dblink_connect_u',
  'dblink_send_query',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_promote',
  'set_config',
  'pg_advisory_lock',
  'pg_advisory_xact_lock',
]);
const MYSQL_DENIED_FUNCTIONS = new Set(['load_file', 'sys_exec', 'sys_eval', 'get_lock']);

/** Every object in a parse tree (depth-first), with the key it hangs under. */
function* nodes(value: unknown, key = ''): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item, key);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    yield [key, record];
    for (const [childKey, child] of Object.entries(record)) yield* nodes(child, childKey);
  }
}

const WRITES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

function postgresFunctionName(call: Record<string, unknown>): string {
  const parts = (call.funcname as { String?: { sval?: string } }[] | undefined) ?? [];
  return (parts.at(-1)?.String?.sval ?? '').toLowerCase();
}

function checkPostgresTree(tree: unknown) {
  for (const [key, node] of nodes(tree)) {
    if (WRITES.has(key)) throw refuse('This statement changes data.');
    if (key === 'SelectStmt' && node.intoClause) {
      throw refuse('SELECT … INTO creates a table.');
    }
    if (key === 'FuncCall' && POSTGRES_DENIED_FUNCTIONS.has(postgresFunctionName(node))) {
      throw refuse(`The function ${postgresFunctionName(node)}() is not allowed.`);
    }
  }
}

/** Throws ConnectorError `refused` (400) or `query` (a syntax error, 422) unless allowed. */
export async function checkPostgresStatement(sql: string): Promise<void> {
  const { parse } = await import('libpg-query');
  let tree: { stmts?: { stmt?: object }[] };
  try {
    tree = await parse(sql);
  } catch (error) {
    const { message, sqlDetails } = error as {
      message: string;
      sqlDetails?: { cursorPosition?: number };
    };
    const position = sqlDetails?.cursorPosition;
    throw new ConnectorError(
      'query',
      position !== undefined ? `${message} (at character ${position + 1})` : message,
    );
  }
  const statements = tree.stmts ?? [];
  if (statements.length === 0) throw refuse('There is no statement.');
  if (statements.length > 1) throw new ConnectorError('refused', 'Run one statement at a time');
  const statement = statements[0]!.stmt ?? {};
  const [kind, body] = Object.entries(statement)[0] ?? [];
  switch (kind) {
    case 'SelectStmt':
    case 'VariableShowStmt':
      break;
    case 'ExplainStmt': {
      const options = ((body as { options?: unknown[] }).options ?? []) as {
        DefElem?: { defname?: string };
      }[];
      if (options.some((option) => option.DefElem?.defname?.toLowerCase() === 'analyze')) {
        throw refuse('EXPLAIN ANALYZE runs the statement.');
      }
      const inner = Object.keys((body as { query?: object }).query ?? {})[0];
      if (inner !== 'SelectStmt') throw refuse('Only a SELECT can be explained.');
      break;
    }
    default:
      throw refuse(`${describePostgres(kind)} is not a read statement.`);
  }
  checkPostgresTree(statement);
}

/** `InsertStmt` → `INSERT`, `VariableSetStmt` → `SET`, for the message. */
function describePostgres(kind: string | undefined): string {
  const names: Record<string, string> = {
    VariableSetStmt: 'SET',
    TransactionStmt: 'A transaction statement',
    CopyStmt: 'COPY',
    DoStmt: 'DO',
    CallStmt: 'CALL',
    CreateStmt: 'CREATE TABLE',
  };
  if (kind && names[kind]) return names[kind];
  if (kind?.endsWith('Stmt')) {
    return kind
      .slice(0, -4)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toUpperCase();
  }
  return 'This statement';
}

let mysqlParser: Parser | undefined;

/** MySQL/MariaDB: the same allow-list, through node-sql-parser's grammar. */
export async function checkMysqlStatement(
  sql: string,
  flavour: 'MySQL' | 'MariaDB',
): Promise<void> {
  if (/\/\*\s*[!+]|\/\*M!/i.test(sql)) {
    throw refuse('Executable comments and optimizer hints (/*! … */, /*+ … */) are not allowed.');
  }
  mysqlParser ??= new (await import('node-sql-parser')).default.Parser();
  let ast: unknown;
  try {
    ast = mysqlParser.astify(sql, { database: flavour });
  } catch (error) {
    const where = (error as { location?: { start?: { line: number; column: number } } }).location
      ?.start;
    throw refuse(
      `The statement could not be read${where ? ` (line ${where.line}, column ${where.column})` : ''}: check its syntax.`,
    );
  }
  const statements = (Array.isArray(ast) ? ast : [ast]) as Record<string, unknown>[];
  if (statements.length !== 1) throw new ConnectorError('refused', 'Run one statement at a time');
  const statement = statements[0]!;
  const type = String(statement.type ?? '');
  if (!['select', 'show', 'desc', 'explain'].includes(type)) {
    throw refuse(`${type.toUpperCase() || 'This statement'} is not a read statement.`);
  }
  for (const [, node] of nodes(statement)) {
    if (node.type === 'into' && node.expr) throw refuse('SELECT … INTO writes a file or variable.');
    if (node.type && ['insert', 'update', 'delete', 'replace'].includes(String(node.type))) {
      throw refuse('This statement changes data.');
    }
    if (node.type === 'function') {
      const name = functionName(node.name).toLowerCase();
      if (MYSQL_DENIED_FUNCTIONS.has(name)) throw refuse(`The function ${name}() is not allowed.`);
    }
  }
}

function functionName(name: unknown): string {
  if (typeof name === 'string') return name;
  const parts = (name as { name?: { value?: string }[] } | undefined)?.name ?? [];
  return parts.map((part) => part.value ?? '').join('.');
}
