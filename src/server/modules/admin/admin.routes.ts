import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ADMIN_MESSAGES,
  adminOrganizationPageSchema,
  adminOrganizationQuerySchema,
  adminUserPageSchema,
  adminUserQuerySchema,
  adminUserSchema,
  banUserSchema,
  mailIdSchema,
  mailMessageSchema,
  mailPageSchema,
  mailQuerySchema,
  revokedSessionsSchema,
} from '../../../shared/schemas/admin.ts';
import { idParamSchema } from '../../../shared/schemas/common.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor, type AppEnv } from '../../http/context.ts';
import { httpError } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import { found } from '../../http/records.ts';
import {
  banUser,
  endUserSessions,
  listAdminUsers,
  setUserSuperAdmin,
  unbanUser,
} from './admin-users.service.ts';
import { listAdminOrganizations, listOutbox, readOutboxMessage } from './admin.service.ts';

const USERS = ['Admin: users'];
const MAIL = ['Admin: mail outbox'];
const userResponse = { 200: { description: 'The user', content: jsonContent(adminUserSchema) } };

const listUsers = defineRoute({
  method: 'get',
  path: '/admin/users',
  ...permission.superAdmin(),
  tags: USERS,
  summary: 'Every user with their memberships; search by name or e-mail, filter by flag and ban',
  request: { query: adminUserQuerySchema },
  responses: {
    200: { description: 'A page of users', content: jsonContent(adminUserPageSchema) },
  },
});

const grant = defineRoute({
  method: 'post',
  path: '/admin/users/{id}/super-admin',
  ...permission.superAdmin(),
  tags: USERS,
  summary: 'Give the user the super-admin flag',
  request: { params: idParamSchema },
  responses: userResponse,
});

const revoke = defineRoute({
  method: 'delete',
  path: '/admin/users/{id}/super-admin',
  ...permission.superAdmin(),
  tags: USERS,
  summary: 'Take the super-admin flag away (never from the last super admin: LAST_SUPER_ADMIN)',
  request: { params: idParamSchema },
  responses: userResponse,
  errors: [409],
});

const ban = defineRoute({
  method: 'post',
  path: '/admin/users/{id}/ban',
  ...permission.superAdmin(),
  tags: USERS,
  summary: 'Suspend the account with a reason; ends its sessions and refuses every sign-in',
  description: 'Never one’s own account (409 CANNOT_BAN_SELF).',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(banUserSchema), required: true },
  },
  responses: userResponse,
  errors: [409],
});

const unban = defineRoute({
  method: 'delete',
  path: '/admin/users/{id}/ban',
  ...permission.superAdmin(),
  tags: USERS,
  summary: 'Lift the suspension',
  request: { params: idParamSchema },
  responses: userResponse,
});

const endSessions = defineRoute({
  method: 'delete',
  path: '/admin/users/{id}/sessions',
  ...permission.superAdmin(),
  tags: USERS,
  summary: 'Sign the user out everywhere',
  request: { params: idParamSchema },
  responses: {
    200: { description: 'How many sessions ended', content: jsonContent(revokedSessionsSchema) },
  },
});

const listOrganizations = defineRoute({
  method: 'get',
  path: '/admin/organizations',
  ...permission.superAdmin(),
  tags: ['Admin: organisations'],
  summary: 'Every organisation with its member count, by name',
  request: { query: adminOrganizationQuerySchema },
  responses: {
    200: {
      description: 'A page of organisations',
      content: jsonContent(adminOrganizationPageSchema),
    },
  },
});

const listMail = defineRoute({
  method: 'get',
  path: '/admin/mail',
  ...permission.superAdmin(),
  tags: MAIL,
  summary: 'Stored messages, newest first (only without SMTP_URL; otherwise 404 MAIL_OUTBOX_OFF)',
  request: { query: mailQuerySchema },
  responses: { 200: { description: 'A page of messages', content: jsonContent(mailPageSchema) } },
  errors: [404],
});

const readMail = defineRoute({
  method: 'get',
  path: '/admin/mail/{id}',
  ...permission.superAdmin(),
  tags: MAIL,
  summary: 'One stored message with its plain text',
  request: { params: z.object({ id: mailIdSchema }) },
  responses: { 200: { description: 'The message', content: jsonContent(mailMessageSchema) } },
});

function outboxDir(c: Context<AppEnv>): string {
  const dir = c.get('deps').mailer.outboxDir;
  if (!dir) throw httpError('MAIL_OUTBOX_OFF', ADMIN_MESSAGES.outboxOff);
  return dir;
}

export const adminRoutes = createRouter()
  .openapi(listUsers, async (c) =>
    c.json(await listAdminUsers(c.get('deps').db, c.req.valid('query')), 200),
  )
  .openapi(grant, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await setUserSuperAdmin(c.get('deps').db, auditActor(c), id, true), 200);
  })
  .openapi(revoke, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await setUserSuperAdmin(c.get('deps').db, auditActor(c), id, false), 200);
  })
  .openapi(ban, async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    return c.json(await banUser(c.get('deps').db, auditActor(c), id, reason), 200);
  })
  .openapi(unban, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await unbanUser(c.get('deps').db, auditActor(c), id), 200);
  })
  .openapi(endSessions, async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ revoked: await endUserSessions(c.get('deps').db, auditActor(c), id) }, 200);
  })
  .openapi(listOrganizations, async (c) =>
    c.json(await listAdminOrganizations(c.get('deps').db, c.req.valid('query')), 200),
  )
  .openapi(listMail, async (c) => c.json(await listOutbox(outboxDir(c), c.req.valid('query')), 200))
  .openapi(readMail, async (c) => {
    const mail = await readOutboxMessage(outboxDir(c), c.req.valid('param').id);
    return c.json(found(mail, 'Message not found'), 200);
  });
