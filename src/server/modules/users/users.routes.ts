import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { can } from '../../../shared/abilities.ts';
import { idParamSchema } from '../../../shared/schemas/common.ts';
import {
  userDetailSchema,
  userExportQuerySchema,
  userListQuerySchema,
  userPageSchema,
  type ListScope,
} from '../../../shared/schemas/users.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { requireAuth, type AppEnv } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { found, orgScope } from '../../http/records.ts';
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
const NOT_FOUND = 'User not found';
const scopeDescription =
  'The selected organisation’s members (X-Organization-Id), or every user with scope=all (super admins).';

const list = defineRoute({
  method: 'get',
  path: '/users',
  ...permission.can('read', 'User', { scopeAll: true }),
  tags: TAGS,
  summary: 'Users with role and status filters, search, sort and paging',
  description: scopeDescription,
  request: { query: userListQuerySchema },
  responses: { 200: { description: 'A page of users', content: jsonContent(userPageSchema) } },
});

const exportCsv = defineRoute({
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

const detail = defineRoute({
  method: 'get',
  path: '/users/{id}',
  ...permission.can('read', 'User', { superAdminAnywhere: true }),
  tags: TAGS,
  summary: 'One user: account and, for those who may manage them, their sessions',
  description:
    'A member of the selected organisation (404 otherwise); super admins may open anyone. Sessions are shown to those who may update the user (organisation admins, super admins, the user).',
  request: { params: idParamSchema },
  responses: { 200: { description: 'The user', content: jsonContent(userDetailSchema) } },
});

const isSuperAdmin = (c: Context<AppEnv>) => c.get('ability').can('manage', 'SuperAdmin');

/** Whose users the caller asked for (`permission.can` checked that they may read them). */
const scopeOf = (c: Context<AppEnv>, scope: ListScope): UserScope =>
  scope === 'all' ? { organizationId: null } : orgScope(c);

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
    const scope: UserScope = superAdmin ? { organizationId: null } : orgScope(c);
    const { organizationId } = scope;
    if (scope.organizationId !== null) {
      const visible =
        can(ability, 'read', 'User', { id, organizationId }) && (await isMember(db, scope, id));
      found(visible, NOT_FOUND);
    }
    const user = await getUserDetail(db, scope, id, {
      withSessions: superAdmin || can(ability, 'update', 'User', { id, organizationId }),
      withBanReason: superAdmin,
      currentSessionId: auth.sessionId,
    });
    return c.json(found(user, NOT_FOUND), 200);
  });
