import { sql } from 'drizzle-orm';
import { auditLogs } from '../db/schema/index.ts';

/**
 * The target's name as the change recorded it (its snapshot's name, a linked data source's name, else its e-mail): what a
 * sentence about the change names, instead of an id.
 */
export const auditTargetName = sql<string | null>`coalesce(
  ${auditLogs.after} ->> 'name', ${auditLogs.before} ->> 'name',
  ${auditLogs.after} ->> 'dataSource', ${auditLogs.before} ->> 'dataSource',
  ${auditLogs.after} ->> 'email', ${auditLogs.before} ->> 'email')`;
