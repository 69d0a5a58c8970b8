/** The record-level checks of the data-source routes. */
import type { Context } from 'hono';
import type { Action } from '../../../shared/abilities.ts';
import { DATA_SOURCE_MESSAGES } from '../../../shared/schemas/data-sources.ts';
import type { AppEnv } from '../../http/context.ts';
import { authorizeRecord, orgScope } from '../../http/records.ts';
import { getDataSourceRecord } from './data-sources.service.ts';

/** The caller's ability on this data source (404 when it is not the organisation's, or deleted). */
export async function authorizeDataSource(c: Context<AppEnv>, action: Action, id: string) {
  const record = await getDataSourceRecord(c.get('deps').db, orgScope(c), id);
  return authorizeRecord(c, action, 'DataSource', record, DATA_SOURCE_MESSAGES.notFound);
}

/** Organisation admins (and super admins) may query a source whose role is privileged. */
export const organizationAdmin = (c: Context<AppEnv>) =>
  c.get('ability').can('update', 'Organization');
