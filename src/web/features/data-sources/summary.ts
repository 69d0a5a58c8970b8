import type { DataSourceType } from '../../../shared/schemas/data-sources';

/** A one-line description of where a source's data comes from (no secrets in it). */
export type SourceSummary =
  | { kind: 'database'; text: string }
  | { kind: 'http'; text: string }
  | { kind: 'file'; fileName: string; rowCount: number; size: number }
  | { kind: 'none' };

export function sourceSummary(source: {
  type: DataSourceType;
  config: Record<string, unknown>;
}): SourceSummary {
  const c = source.config;
  if (source.type === 'postgres' || source.type === 'mysql') {
    const host = typeof c.host === 'string' ? c.host : '';
    if (!host) return { kind: 'none' };
    const port = typeof c.port === 'number' || typeof c.port === 'string' ? `:${c.port}` : '';
    const database = typeof c.database === 'string' && c.database ? `/${c.database}` : '';
    const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    return { kind: 'database', text: `${shownHost}${port}${database}` };
  }
  if (source.type === 'http') {
    return typeof c.baseUrl === 'string' && c.baseUrl
      ? { kind: 'http', text: c.baseUrl }
      : { kind: 'none' };
  }
  return {
    kind: 'file',
    fileName: typeof c.fileName === 'string' ? c.fileName : '',
    rowCount: typeof c.rowCount === 'number' ? c.rowCount : 0,
    size: typeof c.size === 'number' ? c.size : 0,
  };
}
