/** What the signed-in user may do with the user on the view page (the server checks again). */
export interface ViewerRights {
  /** The viewer is looking at their own account. */
  self: boolean;
  /** A super admin looking at someone else: suspend, super-admin flag, end all sessions. */
  administer: boolean;
  /** An admin of the selected organisation, which the user belongs to: role and removal there. */
  manageMembership: boolean;
}

export interface ViewerContext {
  viewerId: string | null;
  /** The selected organisation. */
  orgId: string | null;
  /** The super-admin flag, confirmed by the ability (manage SuperAdmin). */
  superAdmin: boolean;
  /** The ability allows updating the selected organisation (its admins, super admins). */
  canUpdateOrganization: boolean;
}

export function viewerRights(
  account: { id: string; memberships: readonly { organizationId: string }[] },
  viewer: ViewerContext,
): ViewerRights {
  const self = account.id === viewer.viewerId;
  const inSelectedOrganization =
    viewer.orgId !== null &&
    account.memberships.some((membership) => membership.organizationId === viewer.orgId);
  return {
    self,
    administer: viewer.superAdmin && !self,
    manageMembership: !self && viewer.canUpdateOrganization && inSelectedOrganization,
  };
}
