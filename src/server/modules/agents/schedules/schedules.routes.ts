import type { Context } from 'hono';
import { idParamSchema } from '../../../../shared/schemas/common.ts';
import { AGENT_MESSAGES } from '../../../../shared/schemas/agents.ts';
import {
  SCHEDULE_MESSAGES as M,
  calendarQuerySchema,
  calendarSchema,
  scheduleCreateSchema,
  scheduleFireListSchema,
  scheduleListQuerySchema,
  scheduleListSchema,
  scheduleMoveSchema,
  scheduleRunNowSchema,
  scheduleSchema,
  scheduleUpdateSchema,
} from '../../../../shared/schemas/schedules.ts';
import { createRouter, defineRoute, jsonContent } from '../../../http/openapi.ts';
import { auditActor, type AppEnv } from '../../../http/context.ts';
import { httpError } from '../../../http/errors.ts';
import { permission } from '../../../http/permission.ts';
import { orgScope } from '../../../http/records.ts';
import { recordAccess } from '../../../http/record-access.ts';
import { getAgentRecord } from '../agents.service.ts';
import {
  createSchedule,
  deleteSchedule,
  duplicateSchedule,
  getSchedule,
  getScheduleAgentRecord,
  listSchedules,
  updateSchedule,
} from './schedules.service.ts';
import { calendar, listFires, runScheduleNow } from './schedule-history.ts';

const TAGS = ['Schedules'];
const read = permission.can('read', 'Agent');
const write = permission.can('update', 'Agent');
const byId = { params: idParamSchema };
const one = { 200: { description: 'The schedule', content: jsonContent(scheduleSchema) } };

const routes = {
  list: defineRoute({
    method: 'get',
    path: '/schedules',
    ...read,
    tags: TAGS,
    summary: 'The organisation’s schedules, by agent or project',
    request: { query: scheduleListQuerySchema },
    responses: { 200: { description: 'Schedules', content: jsonContent(scheduleListSchema) } },
  }),
  calendar: defineRoute({
    method: 'get',
    path: '/schedules/calendar',
    ...read,
    tags: TAGS,
    summary:
      'Past fires with their runs and upcoming fires (computed) in a range of at most 62 days',
    request: { query: calendarQuerySchema },
    responses: { 200: { description: 'The calendar', content: jsonContent(calendarSchema) } },
  }),
  create: defineRoute({
    method: 'post',
    path: '/schedules',
    ...write,
    tags: TAGS,
    summary:
      'Schedule a published agent (cron, interval or once); the input is checked against its start step',
    request: { body: { content: jsonContent(scheduleCreateSchema), required: true } },
    responses: { 201: { description: 'Created', content: jsonContent(scheduleSchema) } },
  }),
  read: defineRoute({
    method: 'get',
    path: '/schedules/{id}',
    ...read,
    tags: TAGS,
    summary: 'One schedule with its next fire',
    request: byId,
    responses: one,
  }),
  update: defineRoute({
    method: 'patch',
    path: '/schedules/{id}',
    ...write,
    tags: TAGS,
    summary: 'Change a schedule; its future fires are recomputed',
    request: { ...byId, body: { content: jsonContent(scheduleUpdateSchema), required: true } },
    responses: one,
  }),
  pause: defineRoute({
    method: 'post',
    path: '/schedules/{id}/pause',
    ...write,
    tags: TAGS,
    summary: 'Pause: nothing fires until resumed',
    request: byId,
    responses: one,
  }),
  resume: defineRoute({
    method: 'post',
    path: '/schedules/{id}/resume',
    ...write,
    tags: TAGS,
    summary: 'Resume from now (fires missed while paused do not run)',
    request: byId,
    responses: one,
  }),
  move: defineRoute({
    method: 'post',
    path: '/schedules/{id}/move',
    ...write,
    tags: TAGS,
    summary: 'Move a one-time schedule to another date and time',
    request: { ...byId, body: { content: jsonContent(scheduleMoveSchema), required: true } },
    responses: one,
  }),
  duplicate: defineRoute({
    method: 'post',
    path: '/schedules/{id}/duplicate',
    ...write,
    tags: TAGS,
    summary: 'Copy a schedule (the copy starts paused)',
    request: byId,
    responses: { 201: { description: 'The copy', content: jsonContent(scheduleSchema) } },
  }),
  runNow: defineRoute({
    method: 'post',
    path: '/schedules/{id}/run',
    ...write,
    tags: TAGS,
    summary: 'Run the schedule’s agent now with its input (recorded as a fire)',
    request: byId,
    responses: { 202: { description: 'Started', content: jsonContent(scheduleRunNowSchema) } },
    errors: [422],
  }),
  fires: defineRoute({
    method: 'get',
    path: '/schedules/{id}/fires',
    ...read,
    tags: TAGS,
    summary: 'The schedule’s last 100 fires with their runs (status, duration)',
    request: byId,
    responses: { 200: { description: 'Fires', content: jsonContent(scheduleFireListSchema) } },
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/schedules/{id}',
    ...write,
    tags: TAGS,
    summary: 'Delete a schedule and its history of fires (the runs stay)',
    request: byId,
    responses: { 204: { description: 'Deleted' } },
  }),
};

/** Record checks on the schedule's agent: a schedule of another organisation is a 404. */
const { authorize, found404 } = recordAccess('Agent', M.notFound, getScheduleAgentRecord);
const agentAccess = recordAccess('Agent', AGENT_MESSAGES.notFound, getAgentRecord);

const runDeps = (c: Context<AppEnv>) => {
  const { db, config, mailer, logger } = c.get('deps');
  return { db, config, mailer, logger };
};

const copyName = (name: string) => `${name} (copy)`.slice(0, 100);

export const scheduleRoutes = createRouter()
  .openapi(routes.list, async (c) =>
    c.json(
      { items: await listSchedules(c.get('deps').db, orgScope(c), c.req.valid('query')) },
      200,
    ),
  )
  .openapi(routes.calendar, async (c) =>
    c.json(await calendar(c.get('deps').db, orgScope(c), c.req.valid('query')), 200),
  )
  .openapi(routes.create, async (c) => {
    const body = c.req.valid('json');
    await agentAccess.authorize(c, 'update', body.agentId);
    const db = c.get('deps').db;
    return c.json(await createSchedule(db, orgScope(c), auditActor(c), body), 201);
  })
  .openapi(routes.read, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'read', id);
    return c.json(found404(await getSchedule(c.get('deps').db, orgScope(c), id)), 200);
  })
  .openapi(routes.update, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const patch = c.req.valid('json');
    // Moving a schedule to another agent needs the right to change that agent too.
    if (patch.agentId) await agentAccess.authorize(c, 'update', patch.agentId);
    const db = c.get('deps').db;
    return c.json(found404(await updateSchedule(db, orgScope(c), auditActor(c), id, patch)), 200);
  })
  .openapi(routes.pause, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const db = c.get('deps').db;
    const paused = await updateSchedule(db, orgScope(c), auditActor(c), id, { enabled: false });
    return c.json(found404(paused), 200);
  })
  .openapi(routes.resume, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const db = c.get('deps').db;
    const resumed = await updateSchedule(db, orgScope(c), auditActor(c), id, { enabled: true });
    return c.json(found404(resumed), 200);
  })
  .openapi(routes.move, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const db = c.get('deps').db;
    const current = found404(await getSchedule(db, orgScope(c), id));
    if (current.kind !== 'once')
      throw httpError('VALIDATION_ERROR', M.notOnce, { runAt: [M.notOnce] });
    const { runAt } = c.req.valid('json');
    return c.json(
      found404(await updateSchedule(db, orgScope(c), auditActor(c), id, { runAt })),
      200,
    );
  })
  .openapi(routes.duplicate, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const db = c.get('deps').db;
    const copy = await duplicateSchedule(db, orgScope(c), auditActor(c), id, copyName);
    return c.json(found404(copy), 201);
  })
  .openapi(routes.runNow, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    return c.json(found404(await runScheduleNow(runDeps(c), orgScope(c), id)), 202);
  })
  .openapi(routes.fires, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'read', id);
    return c.json({ items: await listFires(c.get('deps').db, orgScope(c), id) }, 200);
  })
  .openapi(routes.remove, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    found404(await deleteSchedule(c.get('deps').db, orgScope(c), auditActor(c), id));
    return c.body(null, 204);
  });
