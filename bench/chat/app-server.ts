// The app for `bench:chat` (bench/chat/run.ts spawns it): the product's services on in-memory
// PGlite (or DATABASE_URL's PostgreSQL) and its HTTP server (@hono/node-server, as
// src/server/server.ts serves it), in a process of its own so that the client and the model
// server do not share its event loop. The environment is the product's (PORT, APP_URL, DATA_DIR,
// OUTBOUND_MODEL_NETWORKS, …); it sends `{ ready: true }` to its parent once it listens.
//
// With BENCH_TIMING=1 it also sends, for each chat answer, the ms from the request to the model
// provider's request, to the answer's first write and to the write of its first `text-delta`
// part, and the database statements (and their ms) before those.
import http from 'node:http';
import { serve } from '@hono/node-server';
import { Agent } from 'undici';
import { loadConfig } from '../../src/server/config.ts';
import { startServices } from '../../src/server/bootstrap.ts';
import { createApp } from '../../src/server/app.ts';
import { createLogger } from '../../src/server/http/logger.ts';

export type ChatTiming = {
  /** From the request to the first write of the answer (its headers and first parts). */
  firstWriteMs: number;
  /** From the request to the dispatch of the model provider's request (undici). */
  modelDispatchMs: number;
  /** The database statements, and their ms, before that dispatch. */
  dbStatementsBeforeModel: number;
  dbMsBeforeModel: number;
  firstDeltaWriteMs: number;
  /** When that write was, in ms since the epoch (performance.timeOrigin + performance.now()). */
  firstDeltaWriteAt: number;
  dbStatements: number;
  dbMs: number;
};

const config = loadConfig();
const services = await startServices(config, { logger: createLogger('warn'), inMemory: true });
const app = createApp(services.deps);

if (process.env.BENCH_TIMING === '1') {
  // Requests come one at a time: one chat request is timed at once.
  let chat: {
    started: number;
    dbStatements: number;
    dbMs: number;
    sent: boolean;
    firstWriteMs: number;
    modelDispatchMs: number;
    dbStatementsBeforeModel: number;
    dbMsBeforeModel: number;
  } | null = null;
  type Timed = Record<'query' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  const client = (services.deps.db as unknown as { $client: Timed }).$client;
  for (const method of ['query', 'transaction'] as const) {
    // node-postgres' pool has no `transaction`; its transactions run their statements on a client.
    if (typeof client[method] !== 'function') continue;
    const original = client[method].bind(client);
    client[method] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await original(...args);
      } finally {
        if (chat && !chat.sent) {
          chat.dbStatements++;
          chat.dbMs += performance.now() - started;
        }
      }
    };
  }
  const fetch = app.fetch;
  app.fetch = (request: Request, ...rest: unknown[]) => {
    if (request.method === 'POST' && request.url.endsWith('/chat')) {
      chat = {
        started: performance.now(),
        dbStatements: 0,
        dbMs: 0,
        sent: false,
        firstWriteMs: Number.NaN,
        modelDispatchMs: Number.NaN,
        dbStatementsBeforeModel: 0,
        dbMsBeforeModel: 0,
      };
      process.send?.({ requestAt: performance.timeOrigin + performance.now() });
    }
    return (fetch as (...args: unknown[]) => Response | Promise<Response>)(request, ...rest);
  };
  const dispatch = Agent.prototype.dispatch;
  Agent.prototype.dispatch = function (this: Agent, ...args: Parameters<typeof dispatch>) {
    if (chat && Number.isNaN(chat.modelDispatchMs)) {
      chat.modelDispatchMs = performance.now() - chat.started;
      chat.dbStatementsBeforeModel = chat.dbStatements;
      chat.dbMsBeforeModel = chat.dbMs;
    }
    return dispatch.apply(this, args);
  };
  const write = http.ServerResponse.prototype.write;
  http.ServerResponse.prototype.write = function (
    this: unknown,
    chunk: unknown,
    ...rest: unknown[]
  ) {
    const text = chunk instanceof Uint8Array ? Buffer.from(chunk).toString() : String(chunk);
    if (chat && Number.isNaN(chat.firstWriteMs))
      chat.firstWriteMs = performance.now() - chat.started;
    if (chat && !chat.sent && text.includes('"text-delta"')) {
      chat.sent = true;
      const timing: ChatTiming = {
        firstWriteMs: chat.firstWriteMs,
        modelDispatchMs: chat.modelDispatchMs,
        dbStatementsBeforeModel: chat.dbStatementsBeforeModel,
        dbMsBeforeModel: chat.dbMsBeforeModel,
        firstDeltaWriteMs: performance.now() - chat.started,
        firstDeltaWriteAt: performance.timeOrigin + performance.now(),
        dbStatements: chat.dbStatements,
        dbMs: chat.dbMs,
      };
      process.send?.({ timing });
    }
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
}

const server = serve({ fetch: app.fetch, port: config.port, hostname: '127.0.0.1' }, () =>
  process.send?.({ ready: true }),
);
process.on('SIGTERM', () => {
  server.close(() => {
    void services.close().then(() => process.exit(0));
  });
  (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
});
