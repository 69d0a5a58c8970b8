import { auditExportQuerySchema } from '../../../shared/schemas/audit';
import type { ListScope } from '../../../shared/schemas/users';
import type { AuditFilters } from './api/audit';

/** What the filter fields hold (text as typed; dates as YYYY-MM-DD or ''). */
export interface AuditFilterInput {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterInput = { actor: '', action: '', from: '', to: '' };

/** Which locale message a field's problem shows (audit.errors.*). */
export type AuditFilterError = 'action' | 'date' | 'range';

export type AuditFilterResult =
  | { ok: true; filters: AuditFilters }
  | { ok: false; errors: Partial<Record<keyof AuditFilterInput, AuditFilterError>> };

const blank = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Checks the fields with the API's own schema (shared), so a request never fails on them. */
export function validateAuditFilters(scope: ListScope, input: AuditFilterInput): AuditFilterResult {
  const candidate = {
    scope,
    actor: blank(input.actor),
    action: blank(input.action),
    from: blank(input.from),
    to: blank(input.to),
  };
  const parsed = auditExportQuerySchema.safeParse(candidate);
  if (parsed.success) return { ok: true, filters: candidate };
  const errors: Partial<Record<keyof AuditFilterInput, AuditFilterError>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'action') errors.action = 'action';
    else if (field === 'from') errors.from = 'date';
    else if (field === 'to') errors.to = issue.code === 'custom' ? 'range' : 'date';
  }
  return { ok: false, errors };
}

/**
 * Every action the server records, with its locale key (audit.actionNames.*); an action not
 * listed here shows as its code. known-audit-codes.test.ts fails when the server records one
 * that is missing.
 */
export const KNOWN_ACTIONS = {
  'organization.create': 'organization_create',
  'organization.update': 'organization_update',
  'organization.delete': 'organization_delete',
  'member.add': 'member_add',
  'member.remove': 'member_remove',
  'member.leave': 'member_leave',
  'member.role.update': 'member_role_update',
  'member.role_change': 'member_role_change',
  'invitation.create': 'invitation_create',
  'invitation.resend': 'invitation_resend',
  'invitation.revoke': 'invitation_revoke',
  'invitation.accept': 'invitation_accept',
  'user.ban': 'user_ban',
  'user.unban': 'user_unban',
  'user.sessions.revoke': 'user_sessions_revoke',
  'user.super_admin.grant': 'user_super_admin_grant',
  'user.super_admin.revoke': 'user_super_admin_revoke',
  'whitelist.entry.create': 'whitelist_entry_create',
  'whitelist.entry.delete': 'whitelist_entry_delete',
  'whitelist.settings.update': 'whitelist_settings_update',
  'help_request.update': 'help_request_update',
  'agent.create': 'agent_create',
  'agent.import': 'agent_import',
  'agent.update': 'agent_update',
  'agent.delete': 'agent_delete',
  'agent.publish': 'agent_publish',
  'agent.restore': 'agent_restore',
  'agent.webhook_enable': 'agent_webhook_enable',
  'agent.webhook_regenerate': 'agent_webhook_regenerate',
  'agent.webhook_disable': 'agent_webhook_disable',
  'agent.webhook_secret_set': 'agent_webhook_secret_set',
  'agent.webhook_secret_clear': 'agent_webhook_secret_clear',
  'agent_settings.update': 'agent_settings_update',
  'schedule.create': 'schedule_create',
  'schedule.update': 'schedule_update',
  'schedule.delete': 'schedule_delete',
  'api_key.create': 'api_key_create',
  'api_key.revoke': 'api_key_revoke',
  'model_provider.create': 'model_provider_create',
  'model_provider.update': 'model_provider_update',
  'model_provider.delete': 'model_provider_delete',
  'data_source.create': 'data_source_create',
  'data_source.update': 'data_source_update',
  'data_source.delete': 'data_source_delete',
  'data_source.test': 'data_source_test',
  'data_source.file.replace': 'data_source_file_replace',
  'data_source.privileged_role.accept': 'data_source_privileged_role_accept',
  'data_source.project.assign': 'data_source_project_assign',
  'data_source.project.unassign': 'data_source_project_unassign',
  'customer.create': 'customer_create',
  'customer.update': 'customer_update',
  'customer.delete': 'customer_delete',
  'customer.note': 'customer_note',
  'customer.import': 'customer_import',
  'customer.bulk_status': 'customer_bulk_status',
  'customer.bulk_delete': 'customer_bulk_delete',
  'project.create': 'project_create',
  'project.update': 'project_update',
  'project.archive': 'project_archive',
  'project.restore': 'project_restore',
  'project.delete': 'project_delete',
} as const;
export type KnownAction = keyof typeof KNOWN_ACTIONS;

export const isKnownAction = (action: string): action is KnownAction =>
  Object.prototype.hasOwnProperty.call(KNOWN_ACTIONS, action);

/** Suggestions of the action filter: each family (`member.*`), then each known action. */
export function actionSuggestions(): string[] {
  const families = [...new Set(Object.keys(KNOWN_ACTIONS).map((a) => `${a.split('.')[0]}.*`))];
  return [...families, ...Object.keys(KNOWN_ACTIONS)];
}

export const KNOWN_TARGETS = [
  'organization',
  'member',
  'invitation',
  'user',
  'whitelist_entry',
  'app_setting',
  'help_request',
  'customer',
  'data_source',
  'project',
  'agent',
  'schedule',
  'api_key',
  'model_provider',
] as const;
export type KnownTarget = (typeof KNOWN_TARGETS)[number];

export const isKnownTarget = (target: string): target is KnownTarget =>
  (KNOWN_TARGETS as readonly string[]).includes(target);
