/**
 * Turning off the schedules of a deleted agent (called by agents.service deleteAgent).
 * Imports no other service, so agents.service can import it without a cycle.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { agents, scheduleFires, schedules } from '../../../db/schema/index.ts';
import { notify } from '../../../notifications/record.ts';

/**
 * The agent was deleted: its schedules stop (`disabled_reason = 'agent_deleted'`), their
 * pending fires go, and each schedule's author is told.
 */
export async function disableSchedulesOfAgent(
  tx: Pick<Database, 'update' | 'delete' | 'insert' | 'select' | 'execute'>,
  organizationId: string,
  agentId: string,
) {
  const [agent] = await tx.select({ name: agents.name }).from(agents).where(eq(agents.id, agentId));
  const agentName = agent?.name ?? '';
  const stopped = await tx
    .update(schedules)
    .set({
      enabled: false,
      disabledReason: 'agent_deleted',
      nextFireAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.agentId, agentId)))
    .returning();
  if (stopped.length === 0) return;
  await tx.delete(scheduleFires).where(
    and(
      inArray(
        scheduleFires.scheduleId,
        stopped.map((s) => s.id),
      ),
      eq(scheduleFires.status, 'pending'),
    ),
  );
  for (const schedule of stopped) {
    if (!schedule.createdBy) continue;
    await notify(tx, {
      userIds: [schedule.createdBy],
      organizationId,
      kind: 'schedule.disabled',
      params: { scheduleName: schedule.name, agentName, reason: 'agent_deleted' },
      link: '/scheduler',
    });
  }
}
