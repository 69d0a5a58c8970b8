import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { can } from '../../../shared/abilities.ts';
import {
  USER_STATUSES,
  userExportQuerySchema,
  userListQuerySchema,
  type ListScope,
} from '../../../shared/schemas/users.ts';
import { createRouter } from '../../http/openapi.ts';
import { requireAuth, requireOrg, type AppEnv } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import { csvResponse, toCsv } from '../../http/csv.ts';
import {
  USER_CSV_HEADER,
  exportUsers,
  getUserDetail,
  isMember,
  listUsers,
  type UserScope,
} from './users.service.ts';

const TAGS = ['Users'];
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const scopeDescription =
  'The selected organisation’s members (X-Organization-Id), or every user with scope=all (super admins).';

const userItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  image: z.string().nullable(),
  role: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  superAdmin: z.boolean(),
  createdAt: z.string(),
});

const list = createRoute({
  method: 'get',
  path: '/users',
  ...permission.can('read', 'User', { scopeAll: true }),
  tags: TAGS,
  summary: 'Users with role and status filters, search, sort and paging',
  description: scopeDescription,
  request: { query: userListQuerySchema },
  responses: {
    200: {
      description: 'A page of users',
      content: json(
        z.object({
          items: z.array(userItem),
          total: z.number(),
          page: z.number(),
          pageSize: z.number(),
        }),
      ),
    },
  },
});

const exportCsv = createRoute({
  method: 'get',
  path: '/users/export.csv',
  ...permission.can('read', 'User', { scopeAll: true }),
  tags: TAGS,
  summary: 'The list’s users as CSV (same filters, no paging)',
  description: scopeDescription,
  request: { query: userExportQuerySchema },
  responses: {
    200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
  },
});

const detail = createRoute({
  method: 'get',
  path: '/users/{id}',
  ...permission.can('read', 'User', { superAdminAnywhere: true }),
  tags: TAGS,
  summary: 'One user: account and, for those who may manage them, their sessions',
  description:
    'A member of the selected organisation (404 otherwise); super admins may open anyone. Sessions are shown to those who may update the user (organisation admins, super admins, the user).',
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: {
      description: 'The user',
      content: json(
        z.object({
          account: userItem.extend({
            banReason: z.string().nullable(),
            memberships: z.array(
              z.object({ organizationId: z.string(), name: z.string(), role: z.string() }),
            ),
          }),
          security: z
            .object({
              sessions: z.array(
                z.object({
                  id: z.string(),
                  device: z.string(),
                  userAgent: z.string().nullable(),
                  ipAddress: z.string().nullable(),
                  createdAt: z.string(),
                  lastActiveAt: z.string(),
                  expiresAt: z.string(),
                  current: z.boolean(),
                }),
              ),
            })
            .nullable(),
        }),
      ),
    },
  },
});

const isSuperAdmin = (c: Context<AppEnv>) => c.get('ability').can('manage', 'SuperAdmin');

/** Whose users the caller asked for (`permission.can` checked that they may read them). */
function scopeOf(c: Context<AppEnv>, scope: ListScope): UserScope {
  return scope === 'all' ? { organizationId: null } : { organizationId: requireOrg(c).id };
}

export const userRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listUsers(c.get('deps').db, scopeOf(c, query.scope), query), 200);
  })
  .openapi(exportCsv, async (c) => {
    const query = c.req.valid('query');
    const { rows, truncated } = await exportUsers(c.get('deps').db, scopeOf(c, query.scope), query);
    return csvResponse(c, 'users', toCsv(USER_CSV_HEADER, rows), truncated);
  })
  .openapi(detail, async (c) => {
    const auth = requireAuth(c);
    const { id } = c.req.valid('param');
    const db = c.get('deps').db;
    const ability = c.get('ability');
    const superAdmin = isSuperAdmin(c);
    let organizationId: string | null = null;
    if (!superAdmin) {
      organizationId = requireOrg(c).id;
      const visible =
        can(ability, 'read', 'User', { id, organizationId }) &&
        (await isMember(db, organizationId, id));
      if (!visible) throw notFound('User not found');
    }
    const found = await getUserDetail(db, id, {
      organizationId,
      withSessions: superAdmin || can(ability, 'update', 'User', { id, organizationId }),
      withBanReason: superAdmin,
      currentSessionId: auth.sessionId,
    });
    if (!found) throw notFound('User not found');
    return c.json(found, 200);
  });
