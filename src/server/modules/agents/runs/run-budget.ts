/**
 * The organisation's monthly budget for agents (AGENTS.md, "Runs and steps"): tokens (in + out)
 * or cost, counted over the runs created since the start of the month (UTC). A run that would
 * start once the budget is used up is refused with 402 `BUDGET_EXCEEDED`, and the
 * organisation's admins are told once a month (`agent_settings.budget_notified_month`, claimed
 * by one statement, so once across processes).
 *
 * The budget and the month's use are read at most every few seconds per organisation and
 * process: a run start asks the database nothing when no budget is set.
 */
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Database } from '../../../db/client.ts';
import type { OrgScope } from '../../../http/records.ts';
import { httpError } from '../../../http/errors.ts';
import { queryRows } from '../../../db/raw-rows.ts';
import { budgetReached } from '../../../notifications/agent-events.ts';

const UNSET_TTL_MS = 5_000;
const SET_TTL_MS = 1_000;

export const BUDGET_MESSAGE =
  'The organisation’s monthly budget for agents is used up: no run can start until next month or until an admin raises the budget';

interface BudgetState {
  tokenBudget: number | null;
  costBudget: number | null;
  tokensUsed: number;
  costUsed: number;
}

type Cached = { at: number; state: Promise<BudgetState> };
const caches = new WeakMap<Database, Map<string, Cached>>();

/** The month a budget counts (`YYYY-MM`, UTC). */
export const budgetMonth = (now = new Date()) => now.toISOString().slice(0, 7);

async function readState(db: Database, organizationId: string): Promise<BudgetState> {
  const [row] = await queryRows<{
    token_budget: string | number | null;
    cost_budget: number | null;
    tokens_used: string | number | null;
    cost_used: number | null;
  }>(
    db,
    sql`select s.monthly_token_budget as token_budget, s.monthly_cost_budget as cost_budget,
          u.tokens_used, u.cost_used
        from agent_settings s
        left join lateral (
          select sum(r.tokens_in + r.tokens_out) as tokens_used, sum(r.cost) as cost_used
          from agent_runs r
          where r.organization_id = s.organization_id
            and r.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
            and (s.monthly_token_budget is not null or s.monthly_cost_budget is not null)
        ) u on true
        where s.organization_id = ${organizationId}`,
  );
  const num = (value: string | number | null | undefined) => (value == null ? null : Number(value));
  return {
    tokenBudget: num(row?.token_budget),
    costBudget: num(row?.cost_budget),
    tokensUsed: num(row?.tokens_used) ?? 0,
    costUsed: num(row?.cost_used) ?? 0,
  };
}

function stateOf(db: Database, organizationId: string): Promise<BudgetState> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const cached = cache.get(organizationId);
  const now = Date.now();
  if (cached && now - cached.at < UNSET_TTL_MS) {
    // A set budget is read again sooner: the month's use moves with every run.
    const fresh = cached.state.then((s) =>
      s.tokenBudget === null && s.costBudget === null ? true : now - cached.at < SET_TTL_MS,
    );
    return fresh.then((ok) => (ok ? cached.state : refresh(db, cache, organizationId)));
  }
  return refresh(db, cache, organizationId);
}

function refresh(db: Database, cache: Map<string, Cached>, organizationId: string) {
  const state = readState(db, organizationId);
  cache.set(organizationId, { at: Date.now(), state });
  state.catch(() => cache.delete(organizationId));
  return state;
}

/** Forgets what this process read of an organisation's budget (its settings just changed). */
export function forgetBudget(db: Database, organizationId: string) {
  caches.get(db)?.delete(organizationId);
}

/** Which budget is used up, or null. */
function exceeded(state: BudgetState): 'tokens' | 'cost' | null {
  if (state.tokenBudget !== null && state.tokensUsed >= state.tokenBudget) return 'tokens';
  if (state.costBudget !== null && state.costUsed >= state.costBudget) return 'cost';
  return null;
}

/**
 * Refuses a run when the organisation's monthly budget is used up (402 `BUDGET_EXCEEDED`),
 * telling its admins the first time in the month.
 */
export async function checkBudget(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'logger'>,
  scope: OrgScope,
): Promise<void> {
  const state = await stateOf(deps.db, scope.organizationId);
  const which = exceeded(state);
  if (!which) return;
  const month = budgetMonth();
  try {
    await deps.db.transaction(async (tx) => {
      const claimed = await queryRows<{ organization_id: string }>(
        tx,
        sql`update agent_settings set budget_notified_month = ${month}
            where organization_id = ${scope.organizationId}
              and budget_notified_month is distinct from ${month}
            returning organization_id`,
      );
      if (claimed.length === 0) return;
      await budgetReached(tx, deps, {
        organizationId: scope.organizationId,
        month,
        kind: which,
        used: which === 'tokens' ? state.tokensUsed : state.costUsed,
        budget: (which === 'tokens' ? state.tokenBudget : state.costBudget) ?? 0,
      });
    });
  } catch (error) {
    deps.logger.warn({ err: error }, 'telling the admins that the budget is reached failed');
  }
  throw httpError('BUDGET_EXCEEDED', BUDGET_MESSAGE);
}
