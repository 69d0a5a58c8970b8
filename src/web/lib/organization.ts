import type { TFunction } from 'i18next';
import { DEFAULT_USER_ROLE, ORG_ROLES } from '../../shared/constants';
import type { UserData } from '../../shared/user-data';
import { removeStorage, STORAGE_KEYS, writeStorage } from './storage';

export interface OrganizationSelection {
  id: string | null;
  role: string | null;
}

/**
 * The selected organisation (spec section 4): the preferred one if the user belongs to it,
 * otherwise the first org_roles entry; a super admin without memberships gets the role admin.
 */
export function pickOrganization(
  user: Pick<UserData, 'org_roles' | 'super_admin'>,
  preferredId: string | null,
): OrganizationSelection {
  const entry =
    user.org_roles.find((candidate) => candidate.org_id === preferredId) ?? user.org_roles[0];
  if (entry) return { id: entry.org_id, role: entry.role };
  return { id: null, role: user.super_admin ? 'admin' : null };
}

/** Stores the selection under the spec's keys (selectedOrgId, selectedOrgRole). */
export function saveOrganization({ id, role }: OrganizationSelection): void {
  if (id) writeStorage(STORAGE_KEYS.selectedOrgId, id);
  else removeStorage(STORAGE_KEYS.selectedOrgId);
  if (role) writeStorage(STORAGE_KEYS.selectedOrgRole, role);
  else removeStorage(STORAGE_KEYS.selectedOrgRole);
}

const LABELLED_ROLES = [...ORG_ROLES, DEFAULT_USER_ROLE] as const;
type LabelledRole = (typeof LABELLED_ROLES)[number];
const isLabelledRole = (role: string): role is LabelledRole =>
  (LABELLED_ROLES as readonly string[]).includes(role);

/** A role's translated name; an unknown role shows as it is. */
export function roleLabel(t: TFunction, role: string): string {
  return isLabelledRole(role) ? t(`roles.${role}`) : role;
}
