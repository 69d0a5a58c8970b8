/**
 * Schedules of an organisation's agents: create, read, change, pause, duplicate and delete;
 * each save recomputes `next_fire_at`. Fires and the calendar are in schedule-history.ts, the
 * firing loop in schedule-firing.ts.
 */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { agentRuns, agents, scheduleFires, schedules } from '../../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../../audit/record.ts';
import { httpError } from '../../../http/errors.ts';
import type { OrgScope } from '../../../http/records.ts';
import { startExecutor, InputError } from '../../../../shared/engine/executors/start.ts';
import type { AgentGraph, NodeOfType } from '../../../../shared/schemas/agent-graph.ts';
import { RUN_MESSAGES } from '../../../../shared/schemas/runs.ts';
import {
  SCHEDULE_MESSAGES as M,
  scheduleShapeSchema,
  type ScheduleCreate,
  type ScheduleDto,
  type ScheduleUpdate,
} from '../../../../shared/schemas/schedules.ts';
import {
  cronProblem,
  nextFireAfter,
  type FireSpec,
} from '../../../../shared/schedules/next-fires.ts';
import { getVersion } from '../agent-versions.ts';

export type ScheduleRow = typeof schedules.$inferSelect;

/** The newest fire's run of each schedule, as a lateral join's columns. */
const lastRun = sql<ScheduleDto['lastRun']>`(
  select json_build_object('id', r.id, 'status', r.status, 'error', r.error,
    'durationMs', (extract(epoch from (r.finished_at - r.started_at)) * 1000)::int)
  from ${scheduleFires} f join ${agentRuns} r on r.id = f.run_id
  where f.schedule_id = ${schedules.id}
  order by f.fire_at desc limit 1)`;

const columns = {
  schedule: schedules,
  agentName: agents.name,
  projectId: agents.projectId,
  lastRun,
};

type Joined = {
  schedule: ScheduleRow;
  agentName: string;
  projectId: string | null;
  lastRun: ScheduleDto['lastRun'] | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDto({ schedule: s, agentName, projectId, lastRun: last }: Joined): ScheduleDto {
  return {
    id: s.id,
    name: s.name,
    agentId: s.agentId,
    agentName,
    projectId,
    kind: s.kind,
    cron: s.cron,
    intervalSeconds: s.intervalSeconds,
    runAt: iso(s.runAt),
    timeZone: s.timeZone,
    input: (s.input ?? {}) as Record<string, unknown>,
    enabled: s.enabled,
    disabledReason: s.disabledReason,
    startsAt: iso(s.startsAt),
    endsAt: iso(s.endsAt),
    catchUp: s.catchUp,
    catchUpLimit: s.catchUpLimit,
    overlap: s.overlap,
    retries: s.retries,
    notifyOnFailure: s.notifyOnFailure,
    nextFireAt: iso(s.nextFireAt),
    lastRun: last ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** When a stored schedule fires. */
export const fireSpecOf = (s: ScheduleRow): FireSpec => ({
  kind: s.kind,
  cron: s.cron,
  intervalSeconds: s.intervalSeconds,
  runAt: s.runAt,
  timeZone: s.timeZone,
  startsAt: s.startsAt,
  endsAt: s.endsAt,
  anchor: s.createdAt,
});

const selectJoined = (db: Database) =>
  db
    .select(columns)
    .from(schedules)
    .innerJoin(agents, and(eq(agents.id, schedules.agentId), isNull(agents.deletedAt)));

export async function listSchedules(
  db: Database,
  scope: OrgScope,
  filter: { agentId?: string; projectId?: string },
): Promise<ScheduleDto[]> {
  const where: SQL[] = [eq(schedules.organizationId, scope.organizationId)];
  if (filter.agentId) where.push(eq(schedules.agentId, filter.agentId));
  if (filter.projectId) where.push(eq(agents.projectId, filter.projectId));
  const rows = await selectJoined(db)
    .where(and(...where))
    .orderBy(desc(schedules.createdAt));
  return rows.map(toDto);
}

export async function getSchedule(db: Database, scope: OrgScope, id: string) {
  const [row] = await selectJoined(db).where(
    and(eq(schedules.organizationId, scope.organizationId), eq(schedules.id, id)),
  );
  return row ? toDto(row) : null;
}

/** The schedule as CASL sees its agent (read/update Agent on the schedule's agent). */
export async function getScheduleAgentRecord(db: Database, scope: OrgScope, id: string) {
  const [row] = await db
    .select({ agent: agents })
    .from(schedules)
    .innerJoin(agents, and(eq(agents.id, schedules.agentId), isNull(agents.deletedAt)))
    .where(and(eq(schedules.organizationId, scope.organizationId), eq(schedules.id, id)));
  return row?.agent ?? null;
}

/** The published start step of an agent of the organisation, or a 422 saying why not. */
async function publishedStart(db: Database, scope: OrgScope, agentId: string) {
  const [agent] = await db
    .select({ version: agents.publishedVersion })
    .from(agents)
    .where(
      and(
        eq(agents.organizationId, scope.organizationId),
        eq(agents.id, agentId),
        isNull(agents.deletedAt),
      ),
    );
  const fail = () =>
    httpError('VALIDATION_ERROR', M.agentNotPublished, { agentId: [M.agentNotPublished] });
  if (!agent || agent.version === null) throw fail();
  const version = await getVersion(db, scope, agentId, agent.version);
  if (!version) throw fail();
  return (version.graph as AgentGraph).nodes.find((n) => n.type === 'start') as
    NodeOfType<'start'> | undefined;
}

/** Checks what a schedule will run with: a valid cron, a published agent, a matching input. */
async function checkSchedule(db: Database, scope: OrgScope, shape: ScheduleCreate) {
  const parsed = scheduleShapeSchema.safeParse(shape);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      (fields[issue.path.join('.') || 'body'] ??= []).push(issue.message);
    }
    throw httpError('VALIDATION_ERROR', 'Invalid input', fields);
  }
  if (shape.kind === 'cron') {
    const problem = cronProblem(shape.cron ?? '');
    if (problem) throw httpError('VALIDATION_ERROR', M.cronInvalid, { cron: [M.cronInvalid] });
  }
  const start = await publishedStart(db, scope, shape.agentId);
  if (start) {
    try {
      await startExecutor(start, { inputs: shape.input } as never, {} as never);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      throw httpError('VALIDATION_ERROR', RUN_MESSAGES.inputInvalid, { input: [error.message] });
    }
  }
}

type Values = Omit<typeof schedules.$inferInsert, 'organizationId'>;

const date = (value: string | null) => (value ? new Date(value) : null);

function valuesOf(shape: ScheduleCreate): Values {
  return {
    name: shape.name,
    agentId: shape.agentId,
    kind: shape.kind,
    cron: shape.kind === 'cron' ? (shape.cron?.trim() ?? null) : null,
    intervalSeconds: shape.kind === 'interval' ? shape.intervalSeconds : null,
    runAt: shape.kind === 'once' ? date(shape.runAt) : null,
    timeZone: shape.timeZone,
    input: shape.input,
    enabled: shape.enabled,
    startsAt: date(shape.startsAt),
    endsAt: date(shape.endsAt),
    catchUp: shape.catchUp,
    catchUpLimit: shape.catchUpLimit,
    overlap: shape.overlap,
    retries: shape.retries,
    notifyOnFailure: shape.notifyOnFailure,
  };
}

/** The next fire after now of a schedule as saved (null when paused or none is left). */
export function nextFireOf(row: ScheduleRow, now: Date): Date | null {
  return row.enabled ? nextFireAfter(fireSpecOf(row), now) : null;
}

const shapeOf = (s: ScheduleDto): ScheduleCreate => ({
  name: s.name,
  agentId: s.agentId,
  kind: s.kind,
  cron: s.cron,
  intervalSeconds: s.intervalSeconds,
  runAt: s.runAt,
  timeZone: s.timeZone,
  input: s.input,
  enabled: s.enabled,
  startsAt: s.startsAt,
  endsAt: s.endsAt,
  catchUp: s.catchUp,
  catchUpLimit: s.catchUpLimit,
  overlap: s.overlap,
  retries: s.retries,
  notifyOnFailure: s.notifyOnFailure,
});

const audit = (s: ScheduleRow) => ({ name: s.name, agentId: s.agentId, kind: s.kind });

export async function createSchedule(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  shape: ScheduleCreate,
  now = new Date(),
): Promise<ScheduleDto> {
  await checkSchedule(db, scope, shape);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schedules)
      .values({
        ...valuesOf(shape),
        organizationId: scope.organizationId,
        createdBy: actor.id,
        updatedBy: actor.id,
        createdAt: now,
      })
      .returning();
    const next = nextFireOf(row!, now);
    await tx.update(schedules).set({ nextFireAt: next }).where(eq(schedules.id, row!.id));
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'schedule.create',
      targetType: 'schedule',
      targetId: row!.id,
      after: audit(row!),
    });
    return row!.id;
  });
  return (await getSchedule(db, scope, id))!;
}

/**
 * Changes a schedule and recomputes its next fire from now; pending fires not yet claimed are
 * dropped (they belonged to the old timing). Resuming skips what was missed while paused.
 */
export async function updateSchedule(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  patch: ScheduleUpdate & { disabledReason?: null },
  now = new Date(),
): Promise<ScheduleDto | null> {
  const current = await getSchedule(db, scope, id);
  if (!current) return null;
  const shape = { ...shapeOf(current), ...patch } as ScheduleCreate;
  await checkSchedule(db, scope, shape);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(schedules)
      .set({ ...valuesOf(shape), disabledReason: null, updatedBy: actor.id, updatedAt: now })
      .where(and(eq(schedules.organizationId, scope.organizationId), eq(schedules.id, id)))
      .returning();
    await tx
      .update(schedules)
      .set({ nextFireAt: nextFireOf(row!, now) })
      .where(eq(schedules.id, id));
    await tx
      .delete(scheduleFires)
      .where(and(eq(scheduleFires.scheduleId, id), eq(scheduleFires.status, 'pending')));
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'schedule.update',
      targetType: 'schedule',
      targetId: id,
      after: audit(row!),
    });
  });
  return getSchedule(db, scope, id);
}

export async function duplicateSchedule(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  copyName: (name: string) => string,
): Promise<ScheduleDto | null> {
  const current = await getSchedule(db, scope, id);
  if (!current) return null;
  const shape = { ...shapeOf(current), name: copyName(current.name), enabled: false };
  return createSchedule(db, scope, actor, shape);
}

export async function deleteSchedule(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(schedules)
      .where(and(eq(schedules.organizationId, scope.organizationId), eq(schedules.id, id)))
      .returning();
    if (!row) return false;
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'schedule.delete',
      targetType: 'schedule',
      targetId: id,
      before: audit(row),
    });
    return true;
  });
}
