/** An organisation's agent settings (run retention), with the defaults when never set. */
import { eq, sql } from 'drizzle-orm';
import {
  RUN_RETENTION_DAYS,
  agentSettingsSchema,
  type AgentSettings,
} from '../../../../shared/schemas/runs.ts';
import type { Database } from '../../../db/client.ts';
import { agentSettings } from '../../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../../audit/record.ts';
import type { OrgScope } from '../../../http/records.ts';
import { createRouter, defineRoute, jsonContent } from '../../../http/openapi.ts';
import { auditActor } from '../../../http/context.ts';
import { permission } from '../../../http/permission.ts';
import { orgScope } from '../../../http/records.ts';

export async function readAgentSettings(db: Database, scope: OrgScope): Promise<AgentSettings> {
  const [row] = await db
    .select({ runRetentionDays: agentSettings.runRetentionDays })
    .from(agentSettings)
    .where(eq(agentSettings.organizationId, scope.organizationId));
  return { runRetentionDays: row?.runRetentionDays ?? RUN_RETENTION_DAYS.default };
}

export async function writeAgentSettings(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  settings: AgentSettings,
): Promise<AgentSettings> {
  return db.transaction(async (tx) => {
    const before = await readAgentSettings(tx as Database, scope);
    await tx
      .insert(agentSettings)
      .values({ organizationId: scope.organizationId, ...settings })
      .onConflictDoUpdate({
        target: agentSettings.organizationId,
        set: { ...settings, updatedAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'agent_settings.update',
      targetType: 'organization',
      targetId: scope.organizationId,
      before,
      after: settings,
    });
    return settings;
  });
}

const TAGS = ['Agents'];

const read = defineRoute({
  method: 'get',
  path: '/agent-settings',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'The organisation’s agent settings (how many days run logs are kept)',
  responses: { 200: { description: 'The settings', content: jsonContent(agentSettingsSchema) } },
});

const write = defineRoute({
  method: 'put',
  path: '/agent-settings',
  ...permission.can('update', 'Organization'),
  tags: TAGS,
  summary: 'Change the organisation’s agent settings (organisation admins)',
  request: { body: { content: jsonContent(agentSettingsSchema), required: true } },
  responses: { 200: { description: 'Saved', content: jsonContent(agentSettingsSchema) } },
});

export const agentSettingsRoutes = createRouter()
  .openapi(read, async (c) => c.json(await readAgentSettings(c.get('deps').db, orgScope(c)), 200))
  .openapi(write, async (c) => {
    const settings = await writeAgentSettings(
      c.get('deps').db,
      orgScope(c),
      auditActor(c),
      c.req.valid('json'),
    );
    return c.json(settings, 200);
  });
