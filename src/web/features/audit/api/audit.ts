import type { AuditLogEntry } from '../../../../shared/schemas/audit';
import type { Page } from '../../../../shared/schemas/pagination';
import type { ListScope } from '../../../../shared/schemas/users';
import { pageQueryOptions } from '../../../lib/paged-query';
import { downloadFile } from '../../../lib/download';

export type { AuditLogEntry } from '../../../../shared/schemas/audit';

/** The filters of the log and of its CSV export. */
export interface AuditFilters {
  scope: ListScope;
  actor?: string | undefined;
  action?: string | undefined;
  /** A date (2025-01-31), from the start of that day (UTC). */
  from?: string | undefined;
  /** A date, up to the end of that day (UTC). */
  to?: string | undefined;
}

export interface AuditListParams extends AuditFilters {
  page: number;
  pageSize: number;
}

/** Keys start with the organisation (null for a super admin's every-organisation scope). */
const ROOT = 'audit-logs';
export const auditKeys = {
  all: (orgId: string | null) => [ROOT, orgId] as const,
  list: (orgId: string | null, params: AuditListParams) => [ROOT, orgId, 'list', params] as const,
};

export const auditLogsQueryOptions = (orgId: string | null, params: AuditListParams) =>
  pageQueryOptions<Page<AuditLogEntry>>(
    auditKeys.list(params.scope === 'all' ? null : orgId, params),
    '/audit-logs',
    { ...params },
  );

/** Saves the CSV of the entries matching `filters`, newest first. */
export const exportAuditLogs = (filters: AuditFilters) =>
  downloadFile('/audit-logs/export.csv', { ...filters }, 'audit-log.csv');
