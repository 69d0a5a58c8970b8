import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { idParamSchema, okSchema, updatedCountSchema } from '../../../shared/schemas/common.ts';
import { notificationPageSchema } from '../../../shared/schemas/notifications.ts';
import { pageQuerySchema } from '../../../shared/schemas/pagination.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { requireAuth, type AppEnv } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { found } from '../../http/records.ts';
import { notificationHubOf } from '../../notifications/live.ts';
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

const stream = defineRoute({
  method: 'get',
  path: '/notifications/stream',
  ...permission.authenticated(),
  tags: TAGS,
  summary:
    "Server-sent events: `changed` whenever the caller's notifications change (then read the list again); `ready` once listening",
  responses: {
    200: {
      description: 'An event stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
  },
});

/** How often an idle stream sends a comment, so proxies keep it open. */
const KEEPALIVE_MS = 25_000;

/** Notifications belong to the caller; those of an organisation show while it is selected. */
const notificationScope = (c: Context<AppEnv>): NotificationScope => ({
  userId: requireAuth(c).user.id,
  organizationId: c.get('org')?.id ?? null,
});

export const notificationRoutes = createRouter()
  .openapi(stream, (c) => {
    const userId = requireAuth(c).user.id;
    const hub = notificationHubOf(c.get('deps').db);
    return streamSSE(c, async (sse) => {
      let wake: (() => void) | null = null;
      let changed = false;
      const stop = hub?.subscribe(userId, () => {
        changed = true;
        wake?.();
      });
      let open = true;
      sse.onAbort(() => {
        open = false;
        wake?.();
      });
      try {
        await sse.writeSSE({ event: 'ready', data: '{}' });
        while (open) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, KEEPALIVE_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          if (!open) break;
          if (changed) {
            changed = false;
            await sse.writeSSE({ event: 'changed', data: '{}' });
          } else {
            await sse.write(': keepalive\n\n');
          }
        }
      } finally {
        stop?.();
      }
    }) as never;
  })
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
