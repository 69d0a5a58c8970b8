import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  auditExportQuerySchema,
  auditLogPageSchema,
  auditLogQuerySchema,
} from '../../../shared/schemas/audit.ts';
import type { ListScope } from '../../../shared/schemas/users.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { csvResponse, toCsv } from '../../http/csv.ts';
import {
  AUDIT_CSV_HEADER,
  exportAuditLogs,
  listAuditLogs,
  type AuditScope,
} from './audit.service.ts';

const TAGS = ['Audit log'];
const scopeDescription =
  'Organisation admins: the selected organisation’s entries (X-Organization-Id). Super admins: also every entry with scope=all, global ones (organizationId null) included.';

/**
 * The audit log is an administration page: besides super admins, only those who may update
 * the organisation (its admins) read it. Reading is not enough, since everyone may read all
 * (ADR 0007). With scope=all, super admins read every organisation's entries.
 */
const readAuditLog = permission.can('update', 'Organization', {
  scopeAll: true,
  message: 'Only organization admins can read the audit log',
});

const list = defineRoute({
  method: 'get',
  path: '/audit-logs',
  ...readAuditLog,
  tags: TAGS,
  summary: 'Audit entries, newest first; filter by actor, action and date range',
  description: scopeDescription,
  request: { query: auditLogQuerySchema },
  responses: {
    200: { description: 'A page of entries', content: jsonContent(auditLogPageSchema) },
  },
});

const exportCsv = defineRoute({
  method: 'get',
  path: '/audit-logs/export.csv',
  ...readAuditLog,
  tags: TAGS,
  summary: 'The matching entries as CSV, newest first',
  description: scopeDescription,
  request: { query: auditExportQuerySchema },
  responses: {
    200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
  },
});

/** Whose entries: the checks are done by `readAuditLog` before the request is validated. */
const scopeOf = (c: Context<AppEnv>, scope: ListScope): AuditScope =>
  scope === 'all' ? { organizationId: null } : orgScope(c);

export const auditRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listAuditLogs(c.get('deps').db, scopeOf(c, query.scope), query), 200);
  })
  .openapi(exportCsv, async (c) => {
    const query = c.req.valid('query');
    const { rows, truncated } = await exportAuditLogs(
      c.get('deps').db,
      scopeOf(c, query.scope),
      query,
    );
    return csvResponse(c, 'audit-log', toCsv(AUDIT_CSV_HEADER, rows), truncated);
  });
