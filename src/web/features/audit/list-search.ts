import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { listSearchShape, optionalParam } from '../../components/list/list-search';
import type { ListDefaults } from '../../components/list/useListState';
import { validateAuditFilters, type AuditFilterInput } from './filters';

const { page, pageSize } = listSearchShape(['createdAt']);
const text = optionalParam(z.string().max(254));

/** The filter params of the log, in the order of its fields. */
export const AUDIT_FILTER_KEYS = ['actor', 'action', 'from', 'to'] as const;

/**
 * The audit log's list in the address, next to the tab that shows it
 * (`?tab=audit&action=member.*&from=2025-01-01&page=2`). A filter the API would refuse is dropped.
 */
export const auditListSearchSchema = z
  .object({ page, pageSize, actor: text, action: text, from: text, to: text })
  .transform((search) => {
    const checked = validateAuditFilters('organization', auditFilterInput(search));
    if (checked.ok) return search;
    const valid = { ...search };
    for (const key of AUDIT_FILTER_KEYS) if (checked.errors[key]) valid[key] = undefined;
    return valid;
  });
export type AuditListSearch = z.output<typeof auditListSearchSchema>;

/** Newest first (the API's only order), 20 rows a page. */
export const AUDIT_LIST_DEFAULTS: ListDefaults<AuditListSearch> = {
  pageSize: DEFAULT_PAGE_SIZE,
  sort: 'createdAt',
  order: 'desc',
};

/** What the filter fields show for the filters of the address. */
export function auditFilterInput(search: Partial<Record<keyof AuditFilterInput, string>>) {
  return {
    actor: search.actor ?? '',
    action: search.action ?? '',
    from: search.from ?? '',
    to: search.to ?? '',
  } satisfies AuditFilterInput;
}
