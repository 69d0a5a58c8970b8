import type { Context } from 'hono';
import { idParamSchema, okSchema, updatedCountSchema } from '../../../shared/schemas/common.ts';
import { notificationPageSchema } from '../../../shared/schemas/notifications.ts';
import { pageQuerySchema } from '../../../shared/schemas/pagination.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { requireAuth, type AppEnv } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { found } from '../../http/records.ts';
import {
  listNotifications,
  markAllRead,
  markRead,
  type NotificationScope,
} from './notifications.service.ts';

const TAGS = ['Notifications'];

const list = defineRoute({
  method: 'get',
  path: '/notifications',
  ...permission.authenticated(),
  tags: TAGS,
  summary: "The caller's notifications, newest first, with the unread count",
  request: { query: pageQuerySchema },
  responses: {
    200: { description: 'A page of notifications', content: jsonContent(notificationPageSchema) },
  },
});

const read = defineRoute({
  method: 'post',
  path: '/notifications/{id}/read',
  ...permission.authenticated(),
  tags: TAGS,
  summary: 'Mark one notification read',
  request: { params: idParamSchema },
  responses: { 200: { description: 'Marked', content: jsonContent(okSchema) } },
});

const readAll = defineRoute({
  method: 'post',
  path: '/notifications/read-all',
  ...permission.authenticated(),
  tags: TAGS,
  summary: 'Mark every notification read',
  responses: {
    200: { description: 'How many were marked', content: jsonContent(updatedCountSchema) },
  },
});

/** Notifications belong to the caller; those of an organisation show while it is selected. */
const notificationScope = (c: Context<AppEnv>): NotificationScope => ({
  userId: requireAuth(c).user.id,
  organizationId: c.get('org')?.id ?? null,
});

export const notificationRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(
      await listNotifications(c.get('deps').db, notificationScope(c), c.req.valid('query')),
      200,
    ),
  )
  .openapi(readAll, async (c) =>
    c.json({ updated: await markAllRead(c.get('deps').db, notificationScope(c)) }, 200),
  )
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    found(await markRead(c.get('deps').db, notificationScope(c), id), 'Notification not found');
    return c.json({ ok: true as const }, 200);
  });
