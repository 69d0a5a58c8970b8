/**
 * Named parameters (`:name`) of the datasource_query step's SQL.
 *
 * The connectors run one SQL text through the console's read-only path (sql-guard.ts, the
 * read-only transaction, the worker thread) and take no separate parameter values, so each
 * `:name` outside string literals, quoted identifiers, comments and `::` casts is replaced by a
 * quoted string literal of its value, escaped so that no value can end the literal:
 * - PostgreSQL: an escape string `E'…'` (backslashes and quotes doubled), read the same way
 *   whatever `standard_conforming_strings` says; the literal is of unknown type, so it binds to
 *   a number, date or text column as a `$1` parameter would.
 * - MySQL/MariaDB: `'…'` with quotes and backslashes doubled: with or without
 *   NO_BACKSLASH_ESCAPES a quote is always doubled, so the literal never ends early.
 * The statement is then checked by the guard as a whole, as in the console.
 */

export type SqlDialect = 'postgres' | 'mysql';

export function quoteLiteral(value: string, dialect: SqlDialect): string {
  if (value.includes('\0')) throw new Error('A parameter value may not contain a NUL character');
  const escaped = value.replace(/\\/g, '\\\\').replace(/'/g, "''");
  return dialect === 'postgres' ? `E'${escaped}'` : `'${escaped}'`;
}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

/** Replaces each `:name` with the quoted value of `params[name]`; an unknown name throws. */
export function bindNamedParams(
  sql: string,
  params: Record<string, string>,
  dialect: SqlDialect,
): { sql: string; used: string[] } {
  let out = '';
  let i = 0;
  const used = new Set<string>();
  const copyUntil = (end: number) => {
    out += sql.slice(i, end);
    i = end;
  };
  /** The end of a quoted run starting at `i` with `quote` (doubled quote escapes it). */
  const quotedEnd = (quote: string, backslash: boolean) => {
    let j = i + 1;
    while (j < sql.length) {
      const ch = sql[j]!;
      if (backslash && ch === '\\') {
        j += 2;
        continue;
      }
      if (ch === quote) {
        if (sql[j + 1] === quote) {
          j += 2;
          continue;
        }
        return j + 1;
      }
      j++;
    }
    return sql.length;
  };
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === "'") {
      // PostgreSQL E'…' strings allow backslash escapes; MySQL strings always do.
      const escapeString = dialect === 'mysql' || /[eE]$/.test(out);
      copyUntil(quotedEnd("'", escapeString));
    } else if (ch === '"') {
      copyUntil(quotedEnd('"', dialect === 'mysql'));
    } else if (ch === '`' && dialect === 'mysql') {
      copyUntil(quotedEnd('`', false));
    } else if ((ch === '-' && next === '-') || (ch === '#' && dialect === 'mysql')) {
      const end = sql.indexOf('\n', i);
      copyUntil(end === -1 ? sql.length : end);
    } else if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      copyUntil(end === -1 ? sql.length : end + 2);
    } else if (
      ch === '$' &&
      dialect === 'postgres' &&
      /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(sql.slice(i))
    ) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i))![0];
      const end = sql.indexOf(tag, i + tag.length);
      copyUntil(end === -1 ? sql.length : end + tag.length);
    } else if (ch === ':' && next === ':') {
      copyUntil(i + 2);
    } else if (
      ch === ':' &&
      next !== undefined &&
      /[A-Za-z_]/.test(next) &&
      !/[A-Za-z0-9_]$/.test(out)
    ) {
      NAME.lastIndex = i + 1;
      const name = NAME.exec(sql)![0];
      if (!Object.hasOwn(params, name)) {
        throw new Error(`The SQL uses the parameter :${name}, which has no value`);
      }
      out += quoteLiteral(params[name]!, dialect);
      used.add(name);
      i += 1 + name.length;
    } else {
      copyUntil(i + 1);
    }
  }
  return { sql: out, used: [...used] };
}
