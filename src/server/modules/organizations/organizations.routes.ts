import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
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
import { notFound } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import { readMultipartUpload } from '../../http/multipart.ts';
import { checkLogoImage, readLogo, removeLogo, saveLogo } from './logo.service.ts';
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
type Access = ReturnType<typeof permission.authenticated>;
function route<
  const M extends 'get' | 'post' | 'patch' | 'delete',
  const P extends string,
  const R extends Request = Request,
>(method: M, path: P, access: Access, summary: string, request?: R) {
  return createRoute({
    method,
    path,
    ...access,
    tags: ['Organizations'],
    summary,
    request: request ?? ({} as R),
    responses: { 200: ok('Done') },
  });
}

function inviteContext(c: Context<AppEnv>): InviteContext {
  const deps = c.get('deps');
  return { db: deps.db, mailer: deps.mailer, appUrl: deps.config.appUrl, actor: auditActor(c) };
}

const id = z.object({ id: z.uuid() });

const uploadLogo = createRoute({
  method: 'put',
  path: '/organizations/current/logo',
  ...permission.can('update', 'Organization'),
  tags: ['Organizations'],
  summary: 'Upload a logo (multipart field `file`; PNG, JPEG, WebP or GIF, 512 KB at most)',
  request: {
    // A plain schema, not zod: the handler reads the multipart body itself.
    body: {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary' } },
            required: ['file'],
          },
        },
      },
      required: true,
    },
  },
  responses: { 200: ok('The organisation with its new logo') },
});
const deleteLogo = createRoute({
  method: 'delete',
  path: '/organizations/current/logo',
  ...permission.can('update', 'Organization'),
  tags: ['Organizations'],
  summary: 'Remove the logo',
  responses: { 200: ok('The organisation without a logo') },
});
// Any signed-in user may load a logo (the selector and invitations show other organisations').
const logoImage = createRoute({
  method: 'get',
  path: '/organization-logos/{orgId}',
  ...permission.authenticated(),
  tags: ['Organizations'],
  summary: "An organisation's uploaded logo",
  request: { params: z.object({ orgId: z.string() }) },
  responses: {
    200: {
      description: 'The image',
      content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
    },
  },
});

export const organizationRoutes = createRouter()
  .openapi(
    route('get', '/organizations', permission.authenticated(), "The caller's organisations"),
    async (c) =>
      c.json({ items: await listMyOrganizations(c.get('deps').db, requireAuth(c).user.id) }, 200),
  )
  .openapi(
    route(
      'post',
      '/organizations',
      permission.authenticated(),
      'Create an organisation; the caller becomes its admin',
      body(createOrganizationSchema),
    ),
    async (c) => {
      const { user } = requireAuth(c);
      const actor = { ...auditActor(c), id: user.id };
      return c.json(await createOrganization(c.get('deps').db, actor, c.req.valid('json')), 200);
    },
  )
  .openapi(
    route(
      'get',
      '/organizations/current',
      permission.can('read', 'Organization'),
      'The selected organisation',
    ),
    async (c) => {
      const org = requireOrg(c);
      return c.json(await getOrganization(c.get('deps').db, org.id, org.role), 200);
    },
  )
  .openapi(
    route(
      'patch',
      '/organizations/current',
      permission.can('update', 'Organization'),
      'Change the name, address or logo',
      body(updateOrganizationSchema),
    ),
    async (c) => {
      const org = requireOrg(c);
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
      permission.can('delete', 'Organization'),
      'Delete the organisation (type its name)',
      body(deleteOrganizationSchema),
    ),
    async (c) => {
      const org = requireOrg(c);
      await deleteOrganization(
        c.get('deps').db,
        auditActor(c),
        org.id,
        c.req.valid('json').confirmName,
      );
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(
    route(
      'post',
      '/organizations/current/leave',
      permission.organization(),
      'Leave the organisation',
    ),
    async (c) => {
      const { user } = requireAuth(c);
      const org = requireOrg(c);
      // A super admin who opened an organisation is not one of its members.
      if (!org.role) throw notFound('You are not a member of this organization');
      await removeMember(c.get('deps').db, auditActor(c), org.id, { userId: user.id });
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(
    route(
      'get',
      '/organizations/current/members',
      permission.can('read', 'User'),
      'Members, searchable',
      {
        query: pageQuerySchema.extend({ search: z.string().max(100).optional() }),
      },
    ),
    async (c) => {
      const org = requireOrg(c);
      return c.json(await listMembers(c.get('deps').db, org.id, c.req.valid('query')), 200);
    },
  )
  .openapi(
    route(
      'patch',
      '/organizations/current/members/{id}',
      permission.can('update', 'Organization'),
      "Change a member's role",
      {
        params: id,
        ...body(memberRoleSchema),
      },
    ),
    async (c) => {
      const org = requireOrg(c);
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
    route(
      'delete',
      '/organizations/current/members/{id}',
      permission.can('update', 'Organization'),
      'Remove a member',
      { params: id },
    ),
    async (c) => {
      const org = requireOrg(c);
      await removeMember(c.get('deps').db, auditActor(c), org.id, {
        memberId: c.req.valid('param').id,
      });
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(
    route(
      'get',
      '/organizations/current/invitations',
      permission.can('update', 'Organization'),
      'Pending invitations',
    ),
    async (c) => {
      const org = requireOrg(c);
      return c.json({ items: await listInvitations(c.get('deps').db, org.id) }, 200);
    },
  )
  .openapi(
    route(
      'post',
      '/organizations/current/invitations',
      permission.can('update', 'Organization'),
      'Invite an e-mail address with a role',
      body(inviteSchema),
    ),
    async (c) => {
      const org = requireOrg(c);
      const { user } = requireAuth(c);
      const invitationId = await invite(inviteContext(c), org.id, user.id, c.req.valid('json'));
      return c.json({ id: invitationId }, 200);
    },
  )
  .openapi(
    route(
      'post',
      '/organizations/current/invitations/{id}/resend',
      permission.can('update', 'Organization'),
      'Send an invitation again',
      {
        params: id,
      },
    ),
    async (c) => {
      const org = requireOrg(c);
      await resendInvitation(inviteContext(c), org.id, c.req.valid('param').id);
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(
    route(
      'delete',
      '/organizations/current/invitations/{id}',
      permission.can('update', 'Organization'),
      'Revoke an invitation',
      {
        params: id,
      },
    ),
    async (c) => {
      const org = requireOrg(c);
      await revokeInvitation(c.get('deps').db, auditActor(c), org.id, c.req.valid('param').id);
      return c.json({ ok: true }, 200);
    },
  )
  .openapi(
    route(
      'get',
      '/invitations/{id}',
      permission.public(),
      'An invitation as its link shows it (public)',
      {
        params: id,
      },
    ),
    async (c) => c.json(await getPublicInvitation(c.get('deps').db, c.req.valid('param').id), 200),
  )
  .openapi(
    route(
      'post',
      '/invitations/{id}/accept',
      permission.authenticated(),
      'Accept an invitation as the invited user',
      {
        params: id,
      },
    ),
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
  )
  // Multipart upload: field `file`; the type is read from the bytes, never from the client.
  .openapi(uploadLogo, async (c) => {
    const org = requireOrg(c);
    const { file } = await readMultipartUpload(c, {
      notMultipart: 'Send the picture as multipart/form-data',
    });
    const data = Buffer.from(await file.arrayBuffer());
    const contentType = checkLogoImage(data);
    const saved = await saveLogo(c.get('deps').db, auditActor(c), org.id, org.role, {
      contentType,
      data,
    });
    return c.json(saved, 200);
  })
  .openapi(deleteLogo, async (c) => {
    const org = requireOrg(c);
    return c.json(await removeLogo(c.get('deps').db, auditActor(c), org.id, org.role), 200);
  })
  .openapi(logoImage, async (c) => {
    requireAuth(c);
    const { orgId } = c.req.valid('param');
    const logo = z.uuid().safeParse(orgId).success ? await readLogo(c.get('deps').db, orgId) : null;
    if (!logo) throw notFound('No logo');
    return c.body(new Uint8Array(logo.data), 200, {
      'Content-Type': logo.contentType,
      'Cache-Control': 'private, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    });
  });
