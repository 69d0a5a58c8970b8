/**
 * An organisation's agent settings (run retention, concurrency, monthly budget), with the
 * defaults when never set.
 */
import { eq, sql } from 'drizzle-orm';
import {
  MAX_CONCURRENT_RUNS,
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
import { forgetBudget } from '../runs/run-budget.ts';

type FullSettings = Required<AgentSettings>;

export async function readAgentSettings(db: Database, scope: OrgScope): Promise<FullSettings> {
  const [row] = await db
    .select({
      runRetentionDays: agentSettings.runRetentionDays,
      maxConcurrentRuns: agentSettings.maxConcurrentRuns,
      monthlyTokenBudget: agentSettings.monthlyTokenBudget,
      monthlyCostBudget: agentSettings.monthlyCostBudget,
    })
    .from(agentSettings)
    .where(eq(agentSettings.organizationId, scope.organizationId));
  return {
    runRetentionDays: row?.runRetentionDays ?? RUN_RETENTION_DAYS.default,
    maxConcurrentRuns: row?.maxConcurrentRuns ?? MAX_CONCURRENT_RUNS.default,
    monthlyTokenBudget: row?.monthlyTokenBudget ?? null,
    monthlyCostBudget: row?.monthlyCostBudget ?? null,
  };
}

const budgetChanged = (a: FullSettings, b: FullSettings) =>
  a.monthlyTokenBudget !== b.monthlyTokenBudget || a.monthlyCostBudget !== b.monthlyCostBudget;

export async function writeAgentSettings(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  changes: AgentSettings,
): Promise<FullSettings> {
  const saved = await db.transaction(async (tx) => {
    const before = await readAgentSettings(tx as Database, scope);
    const defined = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as Partial<FullSettings>;
    const settings: FullSettings = { ...before, ...defined };
    await tx
      .insert(agentSettings)
      .values({ organizationId: scope.organizationId, ...settings })
      .onConflictDoUpdate({
        target: agentSettings.organizationId,
        set: {
          ...settings,
          // A changed budget is announced again when it is reached.
          ...(budgetChanged(before, settings) ? { budgetNotifiedMonth: null } : {}),
          updatedAt: sql`now()`,
        },
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
  forgetBudget(db, scope.organizationId);
  return saved;
}

const TAGS = ['Agents'];

const read = defineRoute({
  method: 'get',
  path: '/agent-settings',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary:
    'The organisation’s agent settings: how many days run logs are kept, how many queued runs execute at once, the monthly token and cost budgets (null: none)',
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
