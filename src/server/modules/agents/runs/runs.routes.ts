import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { idParamSchema } from '../../../../shared/schemas/common.ts';
import {
  RUN_MESSAGES,
  RUN_WAIT_SECONDS,
  runListQuerySchema,
  runPageSchema,
  runParamsSchema,
  runSchema,
  runStartQuerySchema,
  runStartSchema,
  runSummarySchema,
  stepParamsSchema,
} from '../../../../shared/schemas/runs.ts';
import { AGENT_MESSAGES } from '../../../../shared/schemas/agents.ts';
import type { RunEvent } from '../../../../shared/engine/index.ts';
import { can } from '../../../../shared/abilities.ts';
import { createRouter, defineRoute, jsonContent } from '../../../http/openapi.ts';
import { requireAuth, type AppEnv } from '../../../http/context.ts';
import { forbidden, httpError } from '../../../http/errors.ts';
import { permission } from '../../../http/permission.ts';
import { orgScope } from '../../../http/records.ts';
import { recordAccess } from '../../../http/record-access.ts';
import { requireAgentOfKey } from '../../../http/api-key-auth.ts';
import { publishedWithInput, runCallerOf, startAsyncRun, waitForRun } from '../api/run-api.ts';
import { getAgentRecord } from '../agents.service.ts';
import { cancelAnywhere, cancelRun, follow } from './run-bus.ts';
import { followElsewhere } from './run-follow.ts';
import { abandonRun, getRun, getRunRow, listRuns } from './run-store.ts';
import { retryRun, runStepAlone, startRun } from './runs.service.ts';

const TAGS = ['Runs'];
const accepted = z.object({ id: z.string(), status: z.literal('running') });
/** API keys: starting needs `agents:run`; reading runs either scope. */
const RUN_SCOPE = { apiKey: ['agents:run'] } as const;
const READ_SCOPES = { apiKey: ['agents:read', 'agents:run'] } as const;

const start = defineRoute({
  method: 'post',
  path: '/agents/{id}/runs',
  ...permission.can('read', 'Agent', RUN_SCOPE),
  tags: TAGS,
  summary: `Run the published version (or the draft, for those who may edit; not with an API key); waits for the result up to \`?wait=\` seconds (default ${RUN_WAIT_SECONDS.default}, at most ${RUN_WAIT_SECONDS.max}), or answers 202 with the run id at once with \`?async=true\``,
  description:
    'The input is checked against the start step’s declared inputs first (400 naming the input). Members call it with their session; other systems with an API key holding `agents:run` (`Authorization: Bearer mk_…`, no X-Organization-Id).',
  request: {
    params: idParamSchema,
    query: runStartQuerySchema,
    body: { content: jsonContent(runStartSchema), required: true },
  },
  responses: {
    200: { description: 'The finished run', content: jsonContent(runSchema) },
    202: { description: 'The run goes on; follow its events', content: jsonContent(accepted) },
  },
  errors: [409, 422],
});

const list = defineRoute({
  method: 'get',
  path: '/agents/{id}/runs',
  ...permission.can('read', 'Agent', { apiKey: ['agents:read'] }),
  tags: TAGS,
  summary: 'An agent’s runs, newest first, by status, trigger and time, with keyset paging',
  request: { params: idParamSchema, query: runListQuerySchema },
  responses: { 200: { description: 'A page of runs', content: jsonContent(runPageSchema) } },
});

const read = defineRoute({
  method: 'get',
  path: '/agents/{id}/runs/{runId}',
  ...permission.can('read', 'Agent', READ_SCOPES),
  tags: TAGS,
  summary: 'One run with its steps (input and output capped and without secrets)',
  request: { params: runParamsSchema },
  responses: { 200: { description: 'The run', content: jsonContent(runSchema) } },
});

const events = defineRoute({
  method: 'get',
  path: '/agents/{id}/runs/{runId}/events',
  ...permission.can('read', 'Agent', READ_SCOPES),
  tags: TAGS,
  summary:
    'The run’s events as server-sent events (run.started, node.started, node.delta, node.finished, node.failed, run.finished): past ones first, then live',
  request: { params: runParamsSchema },
  responses: {
    200: {
      description: 'An event stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
  },
});

const cancel = defineRoute({
  method: 'post',
  path: '/agents/{id}/runs/{runId}/cancel',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'Cancel a running run (its caller, or those who may edit the agent)',
  request: { params: runParamsSchema },
  responses: { 202: { description: 'Cancelling', content: jsonContent(runSummarySchema) } },
  errors: [409],
});

const retry = defineRoute({
  method: 'post',
  path: '/agents/{id}/runs/{runId}/retry',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary: 'Run a failed run again from its failed step, reusing what succeeded before it',
  request: { params: runParamsSchema },
  responses: { 202: { description: 'The new run', content: jsonContent(accepted) } },
  errors: [409, 422],
});

const stepAlone = defineRoute({
  method: 'post',
  path: '/agents/{id}/runs/{runId}/steps/{nodeId}/run',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary: 'Run one step alone on what the past run recorded before it',
  request: { params: stepParamsSchema },
  responses: { 202: { description: 'The new run', content: jsonContent(accepted) } },
  errors: [422],
});

const access = recordAccess('Agent', AGENT_MESSAGES.notFound, getAgentRecord);
/** The agent's record-level check; an API key limited to another agent finds none (404). */
const authorize = (c: Context<AppEnv>, action: 'read' | 'update', id: string) => {
  requireAgentOfKey(c, id, AGENT_MESSAGES.notFound);
  return access.authorize(c, action, id);
};
const callerOf = runCallerOf;

const runDeps = (c: Context<AppEnv>) => {
  const { db, config, mailer, logger } = c.get('deps');
  return { db, config, mailer, logger };
};

/** The run as stored, or its 404. */
async function storedRun(c: Context<AppEnv>, agentId: string, runId: string) {
  const run = await getRun(c.get('deps').db, orgScope(c), agentId, runId);
  if (!run) throw httpError('NOT_FOUND', RUN_MESSAGES.notFound);
  return run;
}

/** A stored run told as the events it emitted, for a subscriber who comes after its end. */
async function* storedEvents(c: Context<AppEnv>, agentId: string, runId: string) {
  const run = await storedRun(c, agentId, runId);
  yield { type: 'run.started', at: Date.parse(run.startedAt ?? run.createdAt) } as RunEvent;
  for (const step of run.steps) {
    const nodeType = step.nodeType as never;
    if (step.status === 'failed') {
      yield {
        type: 'node.failed',
        nodeId: step.nodeId,
        nodeType,
        error: { code: 'error', message: step.error ?? '' },
        attempt: step.attempt,
        willRetry: false,
        durationMs: step.durationMs ?? 0,
      } as RunEvent;
    } else {
      yield {
        type: 'node.finished',
        nodeId: step.nodeId,
        nodeType,
        output: step.output,
        usage: { inputTokens: step.tokensIn, outputTokens: step.tokensOut },
        durationMs: step.durationMs ?? 0,
        attempt: step.attempt,
        ...(step.status === 'reused' ? { reused: true } : {}),
      } as RunEvent;
    }
  }
  if (run.status === 'running' || run.status === 'queued') return;
  yield {
    type: 'run.finished',
    status: run.status,
    output: run.output,
    usage: { inputTokens: run.tokensIn, outputTokens: run.tokensOut, cost: run.cost },
    error: run.error ? { code: 'node_failed', message: run.error } : null,
    durationMs: run.durationMs ?? 0,
  } as RunEvent;
}

export const runRoutes = createRouter()
  .openapi(start, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    await authorize(c, body.draft ? 'update' : 'read', id);
    const query = c.req.valid('query');
    const deps = runDeps(c);
    const runnable = body.draft
      ? undefined
      : await publishedWithInput(deps, orgScope(c), id, body.input);
    if (query.async === 'true' && !body.draft) {
      const { runId } = await startAsyncRun(deps, orgScope(c), callerOf(c), id, {
        input: body.input,
        trigger: 'api',
      });
      return c.json({ id: runId, status: 'running' as const }, 202);
    }
    const started = await startRun(deps, orgScope(c), callerOf(c), id, {
      input: body.input,
      draft: body.draft,
      trigger: body.draft ? 'test' : 'api',
      runnable,
    });
    if (query.async === 'true') {
      return c.json({ id: started.runId, status: 'running' as const }, 202);
    }
    if ((await waitForRun(started, query.wait)) === null) {
      return c.json({ id: started.runId, status: 'running' as const }, 202);
    }
    return c.json(await storedRun(c, id, started.runId), 200);
  })
  .openapi(list, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'read', id);
    return c.json(await listRuns(c.get('deps').db, orgScope(c), id, c.req.valid('query')), 200);
  })
  .openapi(read, async (c) => {
    const { id, runId } = c.req.valid('param');
    await authorize(c, 'read', id);
    return c.json(await storedRun(c, id, runId), 200);
  })
  .openapi(events, async (c) => {
    const { id, runId } = c.req.valid('param');
    await authorize(c, 'read', id);
    await storedRun(c, id, runId);
    return streamSSE(c, async (stream) => {
      const closed = new AbortController();
      stream.onAbort(() => closed.abort());
      const source =
        follow(runId, closed.signal) ??
        followElsewhere(c.get('deps').db, runId, closed.signal, () => storedEvents(c, id, runId));
      for await (const event of source) {
        await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
      }
    }) as never;
  })
  .openapi(cancel, async (c) => {
    const { id, runId } = c.req.valid('param');
    await authorize(c, 'read', id);
    const db = c.get('deps').db;
    const row = await getRunRow(db, orgScope(c), id, runId);
    if (!row) throw httpError('NOT_FOUND', RUN_MESSAGES.notFound);
    const mayEdit = can(c.get('ability'), 'update', 'Agent');
    if (row.run.callerId !== requireAuth(c).user.id && !mayEdit) throw forbidden();
    if (row.run.status !== 'running' && row.run.status !== 'queued') {
      throw httpError('RUN_NOT_RUNNING', RUN_MESSAGES.notRunning);
    }
    // Not running in this process: the others are asked to stop it (with PostgreSQL), and it is
    // closed here at once (queued, or its process is gone; the one running it closes it too).
    if (!cancelRun(runId)) {
      await cancelAnywhere(db, runId);
      await abandonRun(db, runId, 'The run was cancelled', 'cancelled');
    }
    const {
      steps: _steps,
      input: _input,
      output: _output,
      ...summary
    } = await storedRun(c, id, runId);
    return c.json(summary, 202);
  })
  .openapi(retry, async (c) => {
    const { id, runId } = c.req.valid('param');
    await authorize(c, 'update', id);
    const started = await retryRun(runDeps(c), orgScope(c), callerOf(c), id, runId);
    return c.json({ id: started.runId, status: 'running' as const }, 202);
  })
  .openapi(stepAlone, async (c) => {
    const { id, runId, nodeId } = c.req.valid('param');
    await authorize(c, 'update', id);
    const started = await runStepAlone(runDeps(c), orgScope(c), callerOf(c), id, runId, nodeId);
    return c.json({ id: started.runId, status: 'running' as const }, 202);
  });
