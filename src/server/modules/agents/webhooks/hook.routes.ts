/**
 * `POST /api/hooks/{agentId}/{token}`: another system runs an agent's published version
 * (trigger `webhook`). No session: the token in the address is the credential, compared in
 * constant time; an unknown agent, a webhook that is off and a wrong token are the same 404.
 * The body mapping, the signature and the replies are described in
 * src/shared/schemas/webhooks.ts. Mounted outside /api/v1 (no session, no cross-site check: a
 * server posts here without cookies).
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from '../../../http/body-limit.ts';
import type { AppDeps } from '../../../deps.ts';
import { HttpError, httpError, notFound } from '../../../http/errors.ts';
import type { AppEnv } from '../../../http/context.ts';
import type { RunResult } from '../../../../shared/engine/index.ts';
import {
  WEBHOOK_BODY_MAX_BYTES,
  WEBHOOK_MESSAGES as M,
  WEBHOOK_RUN_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_WAIT_MS,
} from '../../../../shared/schemas/webhooks.ts';
import { runnableOf, startRun, type RunDeps } from '../runs/runs.service.ts';
import { startAsyncRun, waitForRun } from '../api/run-api.ts';
import { agentToRunById, type AgentToRun } from '../runs/run-store.ts';
import { isUuid } from '../../../../shared/schemas/common.ts';
import { checkStartInput, hookInput, signatureMatches } from './hook-body.ts';
import { hookTarget } from './webhooks.service.ts';

const WEBHOOK_CALLER = { id: null, email: null };

/** The published graph, or 409 AGENT_NOT_PUBLISHED worded for a webhook's caller. */
function published(agent: AgentToRun) {
  try {
    return runnableOf(agent, false);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'AGENT_NOT_PUBLISHED') {
      throw httpError('AGENT_NOT_PUBLISHED', M.notPublished);
    }
    throw error;
  }
}

const accepted = (c: Context, runId: string) =>
  c.json({ id: runId, status: 'running' as const }, 202);

/** 200 with the output (text as text, anything else as JSON), or 422 when the run failed. */
function reply(c: Context, result: RunResult) {
  // Why it failed stays in Meridian's run log (its steps may name internal systems).
  if (result.status !== 'succeeded') throw httpError('WEBHOOK_RUN_FAILED', M.runFailed);
  if (typeof result.output === 'string') return c.text(result.output, 200);
  return c.json(result.output ?? null, 200);
}

export function hookRoutes(deps: AppDeps) {
  const runDeps: RunDeps = {
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    logger: deps.logger,
  };
  const limit = bodyLimit({
    maxSize: WEBHOOK_BODY_MAX_BYTES,
    onError: () => {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', M.tooLarge);
    },
  });
  return new Hono<AppEnv>().post('/:agentId/:token', limit, async (c) => {
    const { agentId, token } = c.req.param();
    // One read of the agent checks the token and gives the graph to run.
    const agent = isUuid(agentId)
      ? await agentToRunById(runDeps.db, agentId, { draft: false })
      : null;
    const target = hookTarget(runDeps, agent?.agent ?? null, token);
    if (!agent || !target) throw notFound(M.notFound);
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (target.signingSecret) {
      signatureMatches(body, target.signingSecret, c.req.header(WEBHOOK_SIGNATURE_HEADER));
    }
    const scope = { organizationId: target.organizationId };
    const runnable = published(agent);
    const input = await hookInput(body, c.req.header('content-type'), runnable.graph);
    await checkStartInput(runnable.graph, input);

    if (c.req.query('async') === 'true') {
      const { runId } = await startAsyncRun(runDeps, scope, WEBHOOK_CALLER, agentId, {
        input,
        trigger: 'webhook',
      });
      c.header(WEBHOOK_RUN_HEADER, runId);
      return accepted(c, runId);
    }
    const started = await startRun(runDeps, scope, WEBHOOK_CALLER, agentId, {
      input,
      draft: false,
      trigger: 'webhook',
      runnable,
    });
    c.header(WEBHOOK_RUN_HEADER, started.runId);
    const result = await waitForRun(started, WEBHOOK_WAIT_MS / 1000);
    if (!result) return accepted(c, started.runId);
    return reply(c, result);
  });
}
