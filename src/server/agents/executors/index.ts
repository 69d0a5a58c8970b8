/**
 * The executors the server runs agents with: the engine's pure ones (start, transform,
 * condition, output) and the server's (llm, datasource_query, http_request, send_email), bound
 * to the organisation and the run's caller.
 */
import { pureExecutors } from '../../../shared/engine/executors/index.ts';
import type { Executors } from '../../../shared/engine/types.ts';
import type { ServerExecutorEnv } from './context.ts';
import { datasourceQueryExecutor } from './datasource-query.ts';
import { httpRequestExecutor } from './http-request.ts';
import { llmExecutor } from './llm.ts';
import { sendEmailExecutor } from './send-email.ts';

export type { ServerExecutorEnv } from './context.ts';
export { EXECUTOR_LIMITS } from './context.ts';

export function createServerExecutors(env: ServerExecutorEnv): Executors {
  return {
    ...pureExecutors,
    llm: llmExecutor(env),
    datasource_query: datasourceQueryExecutor(env),
    http_request: httpRequestExecutor(env),
    send_email: sendEmailExecutor(env),
  };
}
