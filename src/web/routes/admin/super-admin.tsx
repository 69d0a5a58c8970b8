import { createFileRoute } from '@tanstack/react-router';
import { SuperAdminPage } from '../../features/admin/pages/SuperAdminPage';
import { parseSuperAdminSearch } from '../../features/admin/super-admin-tabs';
import { AuditLogPanel } from '../../features/audit/components/AuditLogPanel';
import { auditListSearchSchema } from '../../features/audit/list-search';

export const Route = createFileRoute('/admin/super-admin')({
  staticData: {
    meta: {
      layout: 'default',
      requiresAuth: true,
      requiresSuperAdmin: true,
      action: 'manage',
      subject: 'SuperAdmin',
    },
  },
  validateSearch: (search) => parseSuperAdminSearch(search, auditListSearchSchema),
  component: SuperAdminRoute,
});

/** The audit log belongs to the audit feature: the console shows it in its last tab. */
function SuperAdminRoute() {
  return <SuperAdminPage auditLog={<AuditLogPanel scope="all" />} />;
}
