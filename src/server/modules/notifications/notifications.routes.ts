import { createRoute, z } from '@hono/zod-openapi';
import { pageQuerySchema } from '../../../shared/schemas/pagination.ts';
import { createRouter } from '../../http/openapi.ts';
import type { Context } from 'hono';
import { requireAuth, type AppEnv } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import { listNotifications, markAllRead, markRead } from './notifications.service.ts';

const notificationDto = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});

const list = createRoute({
  method: 'get',
  path: '/notifications',
  ...permission.authenticated(),
  tags: ['Notifications'],
  summary: "The caller's notifications, newest first, with the unread count",
  request: { query: pageQuerySchema },
  responses: {
    200: {
      description: 'A page of notifications',
      content: {
        'application/json': {
          schema: z.object({
            items: z.array(notificationDto),
            total: z.number(),
            unread: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
        },
      },
    },
  },
});

const read = createRoute({
  method: 'post',
  path: '/notifications/{id}/read',
  ...permission.authenticated(),
  tags: ['Notifications'],
  summary: 'Mark one notification read',
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: {
      description: 'Marked',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
  },
});

const readAll = createRoute({
  method: 'post',
  path: '/notifications/read-all',
  ...permission.authenticated(),
  tags: ['Notifications'],
  summary: 'Mark every notification read',
  responses: {
    200: {
      description: 'How many were marked',
      content: { 'application/json': { schema: z.object({ updated: z.number() }) } },
    },
  },
});

/** Notifications belong to the caller; those of an organisation show while it is selected. */
function scopeOf(c: Context<AppEnv>) {
  return { userId: requireAuth(c).user.id, organizationId: c.get('org')?.id ?? null };
}

export const notificationRoutes = createRouter()
  .openapi(list, async (c) => {
    const { page, pageSize } = c.req.valid('query');
    return c.json(await listNotifications(c.get('deps').db, scopeOf(c), page, pageSize), 200);
  })
  .openapi(readAll, async (c) => {
    return c.json({ updated: await markAllRead(c.get('deps').db, scopeOf(c)) }, 200);
  })
  .openapi(read, async (c) => {
    if (!(await markRead(c.get('deps').db, scopeOf(c), c.req.valid('param').id))) {
      throw notFound('Notification not found');
    }
    return c.json({ ok: true as const }, 200);
  });
