import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import type { ListScope } from '../../../shared/schemas/users';
import { useTabListState } from '../../lib/useTabListState';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import type { AuditFilters } from './api/audit';
import { validateAuditFilters, type AuditFilterInput } from './filters';
import {
  AUDIT_FILTER_KEYS,
  AUDIT_LIST_DEFAULTS,
  auditFilterInput,
  auditListSearchSchema,
} from './list-search';

const DEBOUNCE_MS = 300;

const sameInput = (a: AuditFilterInput, b: AuditFilterInput) =>
  AUDIT_FILTER_KEYS.every((key) => a[key] === b[key]);

/**
 * The audit log's filters and pages in the address (next to the tab that shows the log). What
 * is typed is a draft until it has rested for a moment and is valid: then it replaces the
 * address. While a field is invalid, the list keeps showing what the address's filters find.
 */
export function useAuditFilters(scope: ListScope) {
  const list = useTabListState(auditListSearchSchema, {
    defaults: AUDIT_LIST_DEFAULTS,
    filters: AUDIT_FILTER_KEYS,
  });
  const router = useRouter();
  const address = auditFilterInput(list.search);
  const [draft, setDraft] = useState<AuditFilterInput | null>(null);
  if (draft !== null && sameInput(draft, address)) setDraft(null);
  const input = draft ?? address;
  const debounced = useDebouncedValue(draft, DEBOUNCE_MS);
  const checked = validateAuditFilters(scope, debounced ?? address);

  const [pathname] = useState(() => router.latestLocation.pathname);
  const write = useEffectEvent((typed: AuditFilterInput | null) => {
    if (typed === null || sameInput(typed, address)) return;
    // A change still waiting must not pull the user back here once they have left.
    if (router.latestLocation.pathname !== pathname) return;
    if (!validateAuditFilters(scope, typed).ok) return;
    const changes: Partial<Record<keyof AuditFilterInput, string | undefined>> = {};
    for (const key of AUDIT_FILTER_KEYS) changes[key] = typed[key].trim() ? typed[key] : undefined;
    list.update(changes, { replace: true });
  });
  useEffect(() => write(debounced), [debounced]);

  const applied = validateAuditFilters(scope, address);
  const filters: AuditFilters = applied.ok ? applied.filters : { scope };

  return {
    list,
    /** What the fields show. */
    input,
    setField: (field: keyof AuditFilterInput, value: string) =>
      setDraft({ ...input, [field]: value }),
    /** The fields' problems, once typing has paused. */
    errors: checked.ok ? {} : checked.errors,
    /** Whether what is typed is valid (the export follows the list). */
    valid: checked.ok,
    /** The filters of the list and of its export. */
    filters,
    /** Whether a field holds something. */
    filtered: Object.values(input).some((value) => value.trim() !== ''),
    clear: () => {
      setDraft(null);
      list.clearFilters();
    },
  };
}
