import type { MeResponse } from './me';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

export interface OrganizationSelection {
  id: string | null;
  role: string | null;
}

/**
 * The selected organisation (spec section 4): the stored one if the user still belongs to it,
 * otherwise the first membership; a super admin without memberships gets the role admin.
 */
export function pickOrganization(
  me: MeResponse,
  storedId: string | null = readStorage(STORAGE_KEYS.selectedOrgId),
): OrganizationSelection {
  const org =
    me.organizations.find((candidate) => candidate.id === storedId) ?? me.organizations[0];
  if (org) return { id: org.id, role: org.role };
  return { id: null, role: me.user.super_admin ? 'admin' : null };
}

/** Stores the selection under the spec's keys (selectedOrgId, selectedOrgRole). */
export function saveOrganization({ id, role }: OrganizationSelection): void {
  if (id) writeStorage(STORAGE_KEYS.selectedOrgId, id);
  else removeStorage(STORAGE_KEYS.selectedOrgId);
  if (role) writeStorage(STORAGE_KEYS.selectedOrgRole, role);
  else removeStorage(STORAGE_KEYS.selectedOrgRole);
}
