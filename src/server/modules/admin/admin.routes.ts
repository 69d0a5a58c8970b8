import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ADMIN_MESSAGES,
  adminOrganizationQuerySchema,
  adminUserQuerySchema,
  banUserSchema,
  mailIdSchema,
  mailQuerySchema,
} from '../../../shared/schemas/admin.ts';
import { USER_STATUSES } from '../../../shared/schemas/users.ts';
import { createRouter } from '../../http/openapi.ts';
import { auditActor, type AppEnv } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import {
  banUser,
  endUserSessions,
  listAdminUsers,
  setUserSuperAdmin,
  unbanUser,
} from './admin-users.service.ts';
import { listAdminOrganizations, listOutbox, readOutboxMessage } from './admin.service.ts';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
const userIdParam = { params: z.object({ id: z.uuid() }) };

const adminUserDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  superAdmin: z.boolean(),
  status: z.enum(USER_STATUSES),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  memberships: z.array(
    z.object({ organizationId: z.string(), name: z.string(), role: z.string() }),
  ),
});
const userResponse = { 200: { description: 'The user', content: json(adminUserDto) } };
const mailSummaryDto = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
});

const listUsers = createRoute({
  method: 'get',
  path: '/admin/users',
  ...permission.superAdmin(),
  tags: ['Admin: users'],
  summary: 'Every user with their memberships; search by name or e-mail, filter by flag and ban',
  request: { query: adminUserQuerySchema },
  responses: { 200: { description: 'A page of users', content: json(page(adminUserDto)) } },
});

const grant = createRoute({
  method: 'post',
  path: '/admin/users/{id}/super-admin',
  ...permission.superAdmin(),
  tags: ['Admin: users'],
  summary: 'Give the user the super-admin flag',
  request: userIdParam,
  responses: userResponse,
});

const revoke = createRoute({
  method: 'delete',
  path: '/admin/users/{id}/super-admin',
  ...permission.superAdmin(),
  tags: ['Admin: users'],
  summary: 'Take the super-admin flag away (never from the last super admin: 409)',
  request: userIdParam,
  responses: userResponse,
});

const ban = createRoute({
  method: 'post',
  path: '/admin/users/{id}/ban',
  ...permission.superAdmin(),
  tags: ['Admin: users'],
  summary: 'Suspend the account with a reason; ends its sessions and refuses every sign-in',
  request: { ...userIdParam, body: { content: json(banUserSchema), required: true } },
  responses: userResponse,
});

const unban = createRoute({
  method: 'delete',
  path: '/admin/users/{id}/ban',
  ...permission.superAdmin(),
  tags: ['Admin: users'],
  summary: 'Lift the suspension',
  request: userIdParam,
  responses: userResponse,
});

const endSessions = createRoute({
  method: 'delete',
  path: '/admin/users/{id}/sessions',
  ...permission.superAdmin(),
  tags: ['Admin: users'],
  summary: 'Sign the user out everywhere',
  request: userIdParam,
  responses: {
    200: {
      description: 'How many sessions ended',
      content: json(z.object({ revoked: z.number() })),
    },
  },
});

const listOrganizations = createRoute({
  method: 'get',
  path: '/admin/organizations',
  ...permission.superAdmin(),
  tags: ['Admin: organisations'],
  summary: 'Every organisation with its member count, by name',
  request: { query: adminOrganizationQuerySchema },
  responses: {
    200: {
      description: 'A page of organisations',
      content: json(
        page(
          z.object({
            id: z.string(),
            name: z.string(),
            slug: z.string(),
            logo: z.string().nullable(),
            createdAt: z.string(),
            memberCount: z.number(),
          }),
        ),
      ),
    },
  },
});

const listMail = createRoute({
  method: 'get',
  path: '/admin/mail',
  ...permission.superAdmin(),
  tags: ['Admin: mail outbox'],
  summary: 'Stored messages, newest first (only without SMTP_URL; otherwise 404)',
  request: { query: mailQuerySchema },
  responses: { 200: { description: 'A page of messages', content: json(page(mailSummaryDto)) } },
});

const readMail = createRoute({
  method: 'get',
  path: '/admin/mail/{id}',
  ...permission.superAdmin(),
  tags: ['Admin: mail outbox'],
  summary: 'One stored message with its plain text',
  request: { params: z.object({ id: mailIdSchema }) },
  responses: {
    200: {
      description: 'The message',
      content: json(mailSummaryDto.extend({ text: z.string() })),
    },
  },
});

function outboxDir(c: Context<AppEnv>): string {
  const dir = c.get('deps').mailer.outboxDir;
  if (!dir) throw notFound(ADMIN_MESSAGES.outboxOff);
  return dir;
}

export const adminRoutes = createRouter()
  .openapi(listUsers, async (c) => {
    return c.json(await listAdminUsers(c.get('deps').db, c.req.valid('query')), 200);
  })
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
  .openapi(listOrganizations, async (c) => {
    return c.json(await listAdminOrganizations(c.get('deps').db, c.req.valid('query')), 200);
  })
  .openapi(listMail, async (c) => {
    return c.json(await listOutbox(outboxDir(c), c.req.valid('query')), 200);
  })
  .openapi(readMail, async (c) => {
    const mail = await readOutboxMessage(outboxDir(c), c.req.valid('param').id);
    if (!mail) throw notFound('Message not found');
    return c.json(mail, 200);
  });
