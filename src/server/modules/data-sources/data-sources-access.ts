/** The record-level checks of the data-source routes. */
import type { Context } from 'hono';
import { DATA_SOURCE_MESSAGES } from '../../../shared/schemas/data-sources.ts';
import type { AppEnv } from '../../http/context.ts';
import { recordAccess } from '../../http/record-access.ts';
import { getDataSourceRecord } from './data-sources.service.ts';

/** The caller's ability on this data source (404 when it is not the organisation's, or deleted). */
export const { authorize: authorizeDataSource } = recordAccess(
  'DataSource',
  DATA_SOURCE_MESSAGES.notFound,
  getDataSourceRecord,
);

/** Organisation admins (and super admins) may query a source whose role is privileged. */
export const organizationAdmin = (c: Context<AppEnv>) =>
  c.get('ability').can('update', 'Organization');
