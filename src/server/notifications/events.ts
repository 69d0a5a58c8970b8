/**
 * Who is told what: one function per event, called by the feature inside the transaction that
 * makes the change (so a rolled-back change tells nobody).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { member, organization, user } from '../db/schema/index.ts';
import { notify } from './record.ts';

type Db = Pick<Database, 'insert' | 'select' | 'execute'>;

export const NOTIFICATION_LINKS = {
  members: '/organization?tab=members',
  helpRequests: '/admin/super-admin?tab=help',
  myHelpRequests: '/pages/account-settings/help',
  customers: '/customer',
} as const;

async function adminIds(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.role, 'admin')));
  return rows.map((row) => row.id);
}

async function nameOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return row?.name || row?.email || '';
}

async function organizationName(db: Db, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, organizationId));
  return row?.name ?? '';
}

/**
 * A member joined through an invitation: the inviter hears that it was accepted, the other
 * admins that a member joined (one notification each; the joiner none).
 */
export async function memberJoined(
  db: Db,
  event: { organizationId: string; userId: string; inviterId: string | null },
) {
  const { organizationId, userId, inviterId } = event;
  const params = {
    memberName: await nameOf(db, userId),
    organizationName: await organizationName(db, organizationId),
  };
  const link = NOTIFICATION_LINKS.members;
  const admins = (await adminIds(db, organizationId)).filter(
    (id) => id !== userId && id !== inviterId,
  );
  await notify(db, { userIds: admins, organizationId, kind: 'member.joined', params, link });
  if (inviterId && inviterId !== userId) {
    const kind = 'invitation.accepted';
    await notify(db, { userIds: [inviterId], organizationId, kind, params, link });
  }
}

/** A member left (or was removed by `actorId`): the admins hear it, but the one who acted. */
export async function memberLeft(
  db: Db,
  event: { organizationId: string; userId: string; actorId: string | null; removed: boolean },
) {
  const { organizationId, userId, actorId } = event;
  const admins = (await adminIds(db, organizationId)).filter(
    (id) => id !== userId && id !== actorId,
  );
  if (admins.length === 0) return;
  await notify(db, {
    userIds: admins,
    organizationId,
    kind: event.removed ? 'member.removed' : 'member.left',
    params: {
      memberName: await nameOf(db, userId),
      organizationName: await organizationName(db, organizationId),
    },
    link: NOTIFICATION_LINKS.members,
  });
}

/** New help requests: every super admin hears of each (but of their own). */
export async function helpRequestsReceived(
  db: Db,
  requests: readonly { id: string; userId: string }[],
) {
  if (requests.length === 0) return;
  const superAdmins = await db.select({ id: user.id }).from(user).where(eq(user.superAdmin, true));
  const authors = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, [...new Set(requests.map((r) => r.userId))]));
  const authorName = new Map(authors.map((a) => [a.id, a.name || a.email]));
  for (const request of requests) {
    await notify(db, {
      userIds: superAdmins.map((s) => s.id).filter((id) => id !== request.userId),
      kind: 'help_request.received',
      params: { helpRequestId: request.id, authorName: authorName.get(request.userId) ?? '' },
      link: NOTIFICATION_LINKS.helpRequests,
    });
  }
}

/** A super admin answered a help request: its author hears it (unless they answered it). */
export async function helpRequestAnswered(
  db: Db,
  request: { id: string; userId: string; status: string },
  actorId: string | null,
) {
  if (request.userId === actorId) return;
  await notify(db, {
    userIds: [request.userId],
    kind: 'help_request.answered',
    params: { helpRequestId: request.id, status: request.status },
    link: NOTIFICATION_LINKS.myHelpRequests,
  });
}

/** A CSV import finished: the importing user hears the counts. */
export async function customersImportFinished(
  db: Db,
  event: { organizationId: string; userId: string | null },
  counts: { created: number; updated: number; failed: number },
) {
  if (!event.userId) return;
  await notify(db, {
    userIds: [event.userId],
    organizationId: event.organizationId,
    kind: 'customers.import_finished',
    params: counts,
    link: NOTIFICATION_LINKS.customers,
  });
}
