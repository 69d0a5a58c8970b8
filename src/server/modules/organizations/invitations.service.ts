import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invitation, member, organization, user } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { httpError, notFound, taken } from '../../http/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailTemplates } from '../../mail/templates.ts';
import {
  INVITATION_LIFETIME_MS,
  ORGANIZATION_MESSAGES as M,
  type InvitationAccepted,
  type InvitationDto,
  type InvitationStatus,
  type PublicInvitationDto,
} from '../../../shared/schemas/organization.ts';
import { lockMembers, type Tx } from './organizations.service.ts';
import { memberJoined } from '../../notifications/events.ts';

type InvitationRow = typeof invitation.$inferSelect;

function statusOf(row: InvitationRow): InvitationStatus {
  if (row.status === 'pending' && row.expiresAt.getTime() <= Date.now()) return 'expired';
  return row.status as InvitationStatus;
}

const inviterName = sql<string>`(select u."name" from "users" u where u."id" = "invitations"."inviter_id")`;

/** Invitations not yet answered (pending or expired), newest first. */
export async function listInvitations(db: Database, scope: OrgScope): Promise<InvitationDto[]> {
  const rows = await db
    .select({ row: invitation, inviterName })
    .from(invitation)
    .where(
      and(eq(invitation.organizationId, scope.organizationId), eq(invitation.status, 'pending')),
    )
    .orderBy(desc(invitation.createdAt));
  return rows.map(({ row, inviterName: name }) => ({
    id: row.id,
    email: row.email,
    role: row.role ?? 'member',
    status: statusOf(row),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    inviter: { id: row.inviterId, name },
  }));
}

/** The database and what sending an invitation needs. */
export type InviteContext = { db: Database; mailer: Mailer; appUrl: string };

async function sendInvitation(ctx: InviteContext, id: string) {
  const [row] = await ctx.db
    .select({ email: invitation.email, role: invitation.role, org: organization.name, inviterName })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(eq(invitation.id, id));
  if (!row) return;
  const url = `${ctx.appUrl}/accept-invite?id=${encodeURIComponent(id)}`;
  await ctx.mailer.send({
    to: row.email,
    ...mailTemplates.invitation(row.org, row.inviterName, row.role ?? 'member', url),
  });
}

/** Invites an address with a role; a pending invitation to the same address is replaced. */
export async function invite(
  ctx: InviteContext,
  scope: OrgScope,
  actor: AuditActor & { id: string },
  input: { email: string; role: string },
): Promise<string> {
  const orgId = scope.organizationId;
  const id = await ctx.db.transaction(async (tx) => {
    await lockMembers(tx, orgId);
    const [existing] = await tx
      .select({ id: member.id })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, orgId), eq(sql`lower(${user.email})`, input.email)));
    if (existing) throw taken('ALREADY_MEMBER', M.alreadyMember, 'email');
    await tx
      .update(invitation)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(invitation.organizationId, orgId),
          eq(sql`lower(${invitation.email})`, input.email),
          eq(invitation.status, 'pending'),
        ),
      );
    const [created] = await tx
      .insert(invitation)
      .values({
        organizationId: orgId,
        email: input.email,
        role: input.role,
        inviterId: actor.id,
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      })
      .returning({ id: invitation.id });
    await recordAudit(tx, actor, {
      organizationId: orgId,
      action: 'invitation.create',
      targetType: 'invitation',
      targetId: created!.id,
      after: input,
    });
    return created!.id;
  });
  await sendInvitation(ctx, id);
  return id;
}

async function pendingInvitation(db: Tx, scope: OrgScope, id: string) {
  const [row] = await db
    .select()
    .from(invitation)
    .where(
      and(
        eq(invitation.id, id),
        eq(invitation.organizationId, scope.organizationId),
        eq(invitation.status, 'pending'),
      ),
    );
  if (!row) throw notFound('Invitation not found');
  return row;
}

/** Sends the invitation again with a fresh 7-day expiry. */
export async function resendInvitation(
  ctx: InviteContext,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await pendingInvitation(tx, scope, id);
    const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
    await tx.update(invitation).set({ expiresAt }).where(eq(invitation.id, id));
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'invitation.resend',
      targetType: 'invitation',
      targetId: id,
      before: { expiresAt: row.expiresAt.toISOString() },
      after: { expiresAt: expiresAt.toISOString() },
    });
  });
  await sendInvitation(ctx, id);
}

export async function revokeInvitation(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await pendingInvitation(tx, scope, id);
    await tx.update(invitation).set({ status: 'canceled' }).where(eq(invitation.id, id));
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'invitation.revoke',
      targetType: 'invitation',
      targetId: id,
      before: { email: row.email, role: row.role, status: 'pending' },
      after: { status: 'canceled' },
    });
  });
}

/** What the accept-invite page shows to anyone holding the link. */
export async function getPublicInvitation(db: Database, id: string): Promise<PublicInvitationDto> {
  const [row] = await db
    .select({
      row: invitation,
      orgName: organization.name,
      orgLogo: organization.logo,
      inviterName,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(eq(invitation.id, id));
  if (!row) throw notFound('Invitation not found');
  return {
    id: row.row.id,
    email: row.row.email,
    role: row.row.role ?? 'member',
    status: statusOf(row.row),
    expiresAt: row.row.expiresAt.toISOString(),
    organization: { name: row.orgName, logo: row.orgLogo },
    inviter: { name: row.inviterName },
  };
}

/** Accepts an invitation for the signed-in user, whose e-mail must be the invited one. */
export async function acceptInvitation(
  db: Database,
  actor: AuditActor,
  id: string,
  caller: { id: string; email: string },
): Promise<InvitationAccepted> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(invitation)
      .where(
        and(
          eq(invitation.id, id),
          eq(invitation.status, 'pending'),
          gt(invitation.expiresAt, new Date()),
        ),
      );
    if (!row) throw httpError('INVITATION_CLOSED', M.invitationClosed);
    if (row.email.toLowerCase() !== caller.email.toLowerCase()) {
      throw httpError('WRONG_INVITEE', M.wrongInvitee);
    }
    await lockMembers(tx, row.organizationId);
    const role = row.role ?? 'member';
    const joined = await tx
      .insert(member)
      .values({ organizationId: row.organizationId, userId: caller.id, role })
      .onConflictDoNothing()
      .returning({ id: member.id });
    if (joined.length > 0) {
      await memberJoined(tx, {
        organizationId: row.organizationId,
        userId: caller.id,
        inviterId: row.inviterId,
      });
    }
    await tx.update(invitation).set({ status: 'accepted' }).where(eq(invitation.id, id));
    await recordAudit(tx, actor, {
      organizationId: row.organizationId,
      action: 'invitation.accept',
      targetType: 'invitation',
      targetId: id,
      after: { userId: caller.id, role },
    });
    return { organization: { id: row.organizationId }, role };
  });
}
