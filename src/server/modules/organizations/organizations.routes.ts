import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Action, Subject } from '../../../shared/abilities.ts';
import {
  createOrganizationSchema,
  deleteOrganizationSchema,
  inviteSchema,
  memberRoleSchema,
  updateOrganizationSchema,
} from '../../../shared/schemas/organization.ts';
import { pageQuerySchema } from '../../../shared/schemas/pagination.ts';
import { createRouter } from '../../http/openapi.ts';
import { auditActor, requireAuth, requireOrg, type AppEnv } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import {
  changeMemberRole,
  createOrganization,
  deleteOrganization,
  getOrganization,
  listMembers,
  listMyOrganizations,
  removeMember,
  updateOrganization,
} from './organizations.service.ts';
import {
  acceptInvitation,
  getPublicInvitation,
  invite,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  type InviteContext,
} from './invitations.service.ts';

const ok = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({}).passthrough() } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
type Request = NonNullable<RouteConfig['request']>;
function route<
  const M extends 'get' | 'post' | 'patch' | 'delete',
  const P extends string,
  const R extends Request = Request,
>(method: M, path: P, summary: string, request?: R) {
  return createRoute({
    method,
    path,
    tags: ['Organizations'],
    summary,
    request: request ?? ({} as R),
    responses: { 200: ok('Done') },
  });
}

/** The selected organisation, after checking the caller may `action` it. */
function currentOrg(c: Context<AppEnv>, action: Action, subject: Subject = 'Organization') {
  requireAuth(c);
  const org = requireOrg(c);
  if (!c.get('ability').can(action, subject)) throw forbidden();
  return org;
}

function inviteContext(c: Context<AppEnv>): InviteContext {
  const deps = c.get('deps');
  return { db: deps.db, mailer: deps.mailer, appUrl: deps.config.appUrl, actor: auditActor(c) };
}

const id = z.object({ id: z.uuid() });

export const organizationRoutes = createRouter()
  .openapi(route('get', '/organizations', "The caller's organisations"), async (c) =>
    c.json({ items: await listMyOrganizations(c.get('deps').db, requireAuth(c).user.id) }, 200),
  )
  .openapi(
    route(
      'post',
      '/organizations',
      'Create an organisation; the caller becomes its admin',
      body(createOrganizationSchema),
    ),
    async (c) => {
      const { user } = requireAuth(c);
      const actor = { ...auditActor(c), id: user.id };
      return c.json(await createOrganization(c.get('deps').db, actor, c.req.valid('json')), 200);
    },
  )
  .openapi(route('get', '/organizations/current', 'The selected organisation'), async (c) => {
    const org = currentOrg(c, 'read');
    return c.json(await getOrganization(c.get('deps').db, org.id, org.role), 200);
  })
  .openapi(
    route(
      'patch',
      '/organizations/current',
      'Change the name, address or logo',
      body(updateOrganizationSchema),
    ),
    async (c) => {
      const org = currentOrg(c, 'update');
      const input = c.req.valid('json');
      return c.json(
        await updateOrganization(c.get('deps').db, auditActor(c), org.id, input, org.role),
        200,
      );
    },
  )
  .openapi(
    route(
      'delete',
      '/organizations/current',
      'Delete the organisation (type its name)',
      body(deleteOrganizationSchema),
    ),
    async (c) => {
      const org = currentOrg(c, 'delete');
      await deleteOrganization(
        c.get('deps').db,
        auditActor(c),
        org.id,
        c.req.valid('json').confirmName,
      );
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(route('post', '/organizations/current/leave', 'Leave the organisation'), async (c) => {
    const { user } = requireAuth(c);
    const org = requireOrg(c);
    if (!org.role) throw notFound('You are not a member of this organization');
    await removeMember(c.get('deps').db, auditActor(c), org.id, { userId: user.id });
    return c.json({ ok: true }, 200);
  })
  .openapi(
    route('get', '/organizations/current/members', 'Members, searchable', {
      query: pageQuerySchema.extend({ search: z.string().max(100).optional() }),
    }),
    async (c) => {
      const org = currentOrg(c, 'read', 'User');
      return c.json(await listMembers(c.get('deps').db, org.id, c.req.valid('query')), 200);
    },
  )
  .openapi(
    route('patch', '/organizations/current/members/{id}', "Change a member's role", {
      params: id,
      ...body(memberRoleSchema),
    }),
    async (c) => {
      const org = currentOrg(c, 'update');
      const { id: memberId } = c.req.valid('param');
      await changeMemberRole(
        c.get('deps').db,
        auditActor(c),
        org.id,
        memberId,
        c.req.valid('json').role,
      );
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(
    route('delete', '/organizations/current/members/{id}', 'Remove a member', { params: id }),
    async (c) => {
      const org = currentOrg(c, 'update');
      await removeMember(c.get('deps').db, auditActor(c), org.id, {
        memberId: c.req.valid('param').id,
      });
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(route('get', '/organizations/current/invitations', 'Pending invitations'), async (c) => {
    const org = currentOrg(c, 'update');
    return c.json({ items: await listInvitations(c.get('deps').db, org.id) }, 200);
  })
  .openapi(
    route(
      'post',
      '/organizations/current/invitations',
      'Invite an e-mail address with a role',
      body(inviteSchema),
    ),
    async (c) => {
      const org = currentOrg(c, 'update');
      const { user } = requireAuth(c);
      const invitationId = await invite(inviteContext(c), org.id, user.id, c.req.valid('json'));
      return c.json({ id: invitationId }, 200);
    },
  )
  .openapi(
    route('post', '/organizations/current/invitations/{id}/resend', 'Send an invitation again', {
      params: id,
    }),
    async (c) => {
      const org = currentOrg(c, 'update');
      await resendInvitation(inviteContext(c), org.id, c.req.valid('param').id);
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(
    route('delete', '/organizations/current/invitations/{id}', 'Revoke an invitation', {
      params: id,
    }),
    async (c) => {
      const org = currentOrg(c, 'update');
      await revokeInvitation(c.get('deps').db, auditActor(c), org.id, c.req.valid('param').id);
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(
    route('get', '/invitations/{id}', 'An invitation as its link shows it (public)', {
      params: id,
    }),
    async (c) => c.json(await getPublicInvitation(c.get('deps').db, c.req.valid('param').id), 200),
  )
  .openapi(
    route('post', '/invitations/{id}/accept', 'Accept an invitation as the invited user', {
      params: id,
    }),
    async (c) => {
      const { user } = requireAuth(c);
      const result = await acceptInvitation(
        c.get('deps').db,
        auditActor(c),
        c.req.valid('param').id,
        user,
      );
      return c.json(result, 200);
    },
  );
