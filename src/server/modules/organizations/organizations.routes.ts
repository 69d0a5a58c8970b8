import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { idParamSchema, isUuid, okSchema } from '../../../shared/schemas/common.ts';
import {
  createOrganizationSchema,
  currentOrganizationSchema,
  deleteOrganizationSchema,
  invitationAcceptedSchema,
  invitationCreatedSchema,
  invitationListSchema,
  inviteSchema,
  memberListQuerySchema,
  memberPageSchema,
  memberRoleSchema,
  myOrganizationListSchema,
  publicInvitationSchema,
  updateOrganizationSchema,
} from '../../../shared/schemas/organization.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor, requireAuth, requireOrg, type AppEnv } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { found, orgScope } from '../../http/records.ts';
import { imageResponse, imageUploadBody, serveImage } from '../../http/image-upload.ts';
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

const TAGS = ['Organizations'];
const done = { 200: { description: 'Done', content: jsonContent(okSchema) } };
const current = (description: string) => ({
  200: { description, content: jsonContent(currentOrganizationSchema) },
});
const body = <T extends z.ZodType>(schema: T) => ({
  content: jsonContent(schema),
  required: true,
});

const listMine = defineRoute({
  method: 'get',
  path: '/organizations',
  ...permission.authenticated(),
  tags: TAGS,
  summary: "The caller's organisations",
  responses: {
    200: { description: 'The organisations', content: jsonContent(myOrganizationListSchema) },
  },
});

const create = defineRoute({
  method: 'post',
  path: '/organizations',
  ...permission.authenticated(),
  tags: TAGS,
  summary: 'Create an organisation; the caller becomes its admin (409 when the slug is taken)',
  request: { body: body(createOrganizationSchema) },
  responses: current('The new organisation'),
  errors: [409],
});

const read = defineRoute({
  method: 'get',
  path: '/organizations/current',
  ...permission.can('read', 'Organization'),
  tags: TAGS,
  summary: 'The selected organisation',
  responses: current('The organisation'),
});

const update = defineRoute({
  method: 'patch',
  path: '/organizations/current',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: 'Change the name, address or logo (409 when the slug is taken)',
  request: { body: body(updateOrganizationSchema) },
  responses: current('The changed organisation'),
  errors: [409],
});

const remove = defineRoute({
  method: 'delete',
  path: '/organizations/current',
  ...permission.can('delete', 'Organization'),
  tags: TAGS,
  summary: 'Delete the organisation (type its name)',
  request: { body: body(deleteOrganizationSchema) },
  responses: done,
});

const leave = defineRoute({
  method: 'post',
  path: '/organizations/current/leave',
  ...permission.organization(),
  tags: TAGS,
  summary: 'Leave the organisation (never as its last admin: LAST_ADMIN_OF_ORGANIZATION)',
  responses: done,
  errors: [409],
});

const members = defineRoute({
  method: 'get',
  path: '/organizations/current/members',
  ...permission.can('read', 'User'),
  tags: TAGS,
  summary: 'Members, searchable',
  request: { query: memberListQuerySchema },
  responses: { 200: { description: 'A page of members', content: jsonContent(memberPageSchema) } },
});

const changeRole = defineRoute({
  method: 'patch',
  path: '/organizations/current/members/{id}',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: "Change a member's role (never the last admin's: LAST_ADMIN_OF_ORGANIZATION)",
  request: { params: idParamSchema, body: body(memberRoleSchema) },
  responses: done,
  errors: [409],
});

const removeOne = defineRoute({
  method: 'delete',
  path: '/organizations/current/members/{id}',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: 'Remove a member (never the last admin: LAST_ADMIN_OF_ORGANIZATION)',
  request: { params: idParamSchema },
  responses: done,
  errors: [409],
});

const invitations = defineRoute({
  method: 'get',
  path: '/organizations/current/invitations',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: 'Pending invitations',
  responses: {
    200: { description: 'The invitations', content: jsonContent(invitationListSchema) },
  },
});

const inviteOne = defineRoute({
  method: 'post',
  path: '/organizations/current/invitations',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: 'Invite an e-mail address with a role (409 ALREADY_MEMBER for a member’s address)',
  request: { body: body(inviteSchema) },
  responses: {
    200: { description: 'The invitation', content: jsonContent(invitationCreatedSchema) },
  },
  errors: [409],
});

const resend = defineRoute({
  method: 'post',
  path: '/organizations/current/invitations/{id}/resend',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: 'Send an invitation again',
  request: { params: idParamSchema },
  responses: done,
});

const revoke = defineRoute({
  method: 'delete',
  path: '/organizations/current/invitations/{id}',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: 'Revoke an invitation',
  request: { params: idParamSchema },
  responses: done,
});

const readInvitation = defineRoute({
  method: 'get',
  path: '/invitations/{id}',
  ...permission.public(),
  tags: TAGS,
  summary: 'An invitation as its link shows it (public)',
  request: { params: idParamSchema },
  responses: {
    200: { description: 'The invitation', content: jsonContent(publicInvitationSchema) },
  },
});

const accept = defineRoute({
  method: 'post',
  path: '/invitations/{id}/accept',
  ...permission.authenticated(),
  tags: TAGS,
  summary: 'Accept an invitation as the invited user',
  description:
    'Another address than the invited one: 403 WRONG_INVITEE. Accepted, revoked or expired: 410 INVITATION_CLOSED.',
  request: { params: idParamSchema },
  responses: {
    200: { description: 'The membership', content: jsonContent(invitationAcceptedSchema) },
  },
  errors: [410],
});

const uploadLogo = defineRoute({
  method: 'put',
  path: '/organizations/current/logo',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: 'Upload a logo (multipart field `file`; PNG, JPEG, WebP or GIF, 512 KB at most)',
  request: { body: imageUploadBody },
  responses: current('The organisation with its new logo'),
  errors: [415],
});

const deleteLogo = defineRoute({
  method: 'delete',
  path: '/organizations/current/logo',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: 'Remove the logo',
  responses: current('The organisation without a logo'),
});

// Any signed-in user may load a logo (the selector and invitations show other organisations').
const logoImage = defineRoute({
  method: 'get',
  path: '/organization-logos/{orgId}',
  ...permission.authenticated(),
  tags: TAGS,
  summary: "An organisation's uploaded logo",
  request: { params: z.object({ orgId: z.string() }) },
  responses: { 200: imageResponse },
});

function inviteContext(c: Context<AppEnv>): InviteContext {
  const deps = c.get('deps');
  return { db: deps.db, mailer: deps.mailer, appUrl: deps.config.appUrl };
}

/** The selected organisation as its page shows it, with the caller's role there. */
const currentOrganization = (c: Context<AppEnv>) =>
  getOrganization(c.get('deps').db, orgScope(c), requireOrg(c).role);

/** The signed-in user as the actor (their id is known). */
function signedInActor(c: Context<AppEnv>) {
  const { user } = requireAuth(c);
  return { ...auditActor(c), id: user.id };
}

export const organizationRoutes = createRouter()
  .openapi(listMine, async (c) =>
    c.json({ items: await listMyOrganizations(c.get('deps').db, requireAuth(c).user.id) }, 200),
  )
  .openapi(create, async (c) =>
    c.json(await createOrganization(c.get('deps').db, signedInActor(c), c.req.valid('json')), 200),
  )
  .openapi(read, async (c) => c.json(await currentOrganization(c), 200))
  .openapi(update, async (c) => {
    await updateOrganization(c.get('deps').db, orgScope(c), auditActor(c), c.req.valid('json'));
    return c.json(await currentOrganization(c), 200);
  })
  .openapi(remove, async (c) => {
    const { confirmName } = c.req.valid('json');
    await deleteOrganization(c.get('deps').db, orgScope(c), auditActor(c), confirmName);
    return c.json({ ok: true } as const, 200);
  })
  .openapi(leave, async (c) => {
    const { user } = requireAuth(c);
    // A super admin who opened an organisation is not one of its members.
    found(requireOrg(c).role, 'You are not a member of this organization');
    await removeMember(c.get('deps').db, orgScope(c), auditActor(c), { userId: user.id });
    return c.json({ ok: true } as const, 200);
  })
  .openapi(members, async (c) =>
    c.json(await listMembers(c.get('deps').db, orgScope(c), c.req.valid('query')), 200),
  )
  .openapi(changeRole, async (c) => {
    const { id } = c.req.valid('param');
    const { role } = c.req.valid('json');
    await changeMemberRole(c.get('deps').db, orgScope(c), auditActor(c), id, role);
    return c.json({ ok: true } as const, 200);
  })
  .openapi(removeOne, async (c) => {
    const { id: memberId } = c.req.valid('param');
    await removeMember(c.get('deps').db, orgScope(c), auditActor(c), { memberId });
    return c.json({ ok: true } as const, 200);
  })
  .openapi(invitations, async (c) =>
    c.json({ items: await listInvitations(c.get('deps').db, orgScope(c)) }, 200),
  )
  .openapi(inviteOne, async (c) => {
    const id = await invite(inviteContext(c), orgScope(c), signedInActor(c), c.req.valid('json'));
    return c.json({ id }, 200);
  })
  .openapi(resend, async (c) => {
    const { id } = c.req.valid('param');
    await resendInvitation(inviteContext(c), orgScope(c), auditActor(c), id);
    return c.json({ ok: true } as const, 200);
  })
  .openapi(revoke, async (c) => {
    const { id } = c.req.valid('param');
    await revokeInvitation(c.get('deps').db, orgScope(c), auditActor(c), id);
    return c.json({ ok: true } as const, 200);
  })
  .openapi(readInvitation, async (c) =>
    c.json(await getPublicInvitation(c.get('deps').db, c.req.valid('param').id), 200),
  )
  .openapi(accept, async (c) => {
    const { user } = requireAuth(c);
    const { id } = c.req.valid('param');
    return c.json(await acceptInvitation(c.get('deps').db, auditActor(c), id, user), 200);
  })
  // Multipart upload: field `file`; the type is read from the bytes, never from the client.
  .openapi(uploadLogo, async (c) => {
    const { file } = await readMultipartUpload(c, {
      notMultipart: 'Send the picture as multipart/form-data',
    });
    const data = Buffer.from(await file.arrayBuffer());
    const contentType = checkLogoImage(data);
    await saveLogo(c.get('deps').db, orgScope(c), auditActor(c), { contentType, data });
    return c.json(await currentOrganization(c), 200);
  })
  .openapi(deleteLogo, async (c) => {
    await removeLogo(c.get('deps').db, orgScope(c), auditActor(c));
    return c.json(await currentOrganization(c), 200);
  })
  .openapi(logoImage, async (c) => {
    const { orgId } = c.req.valid('param');
    const logo = found(isUuid(orgId) ? await readLogo(c.get('deps').db, orgId) : null, 'No logo');
    return serveImage(c, logo);
  });
