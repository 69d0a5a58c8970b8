// `npm run bench:chat`: the time to the first token that chat adds over calling the model server
// directly. The real app (bench/chat/app-server.ts: the product's services on in-memory PGlite
// and its HTTP server, in a process of its own) has a model provider on the local
// OpenAI-compatible server (src/server/test/openai-server.ts, in this process; loopback allowed by
// OUTBOUND_MODEL_NETWORKS), and a user signed in over HTTP chats with a published
// start (chat) → llm → output agent. Each sample times, from just before the request to the
// first token:
//   direct  POST <model server>/v1/chat/completions, stream: true, until the first content delta
//   chat    POST /api/v1/agents/{id}/chat (a new conversation), until the first `text-delta` part
// with the same prompt and the same scripted reply, the two targets taking turns (which goes first
// alternates), each answer read to its end before the next request. The figure is the p50 added,
// chat − direct, measured in the same run on the same machine. AGENTS.md's goal: ≤ 5 ms.
//
// Like `bench:engine` and `bench:runs`, a script of its own, not part of `npm run bench`
// (bench/run.ts, plain HTTP against the spawned server). Profile the app with
// NODE_OPTIONS=--cpu-prof (each process writes its profile into the working directory).
//
// Environment:
//   BENCH_SAMPLES  measured samples per target (default 200)
//   BENCH_WARMUP   unmeasured samples per target first (default 20)
//   BENCH_DATABASE_URL  the app on this (empty or Meridian) PostgreSQL database instead of
//                  in-memory PGlite; it is migrated and the bench's rows stay there
//   BENCH_TIMING   1: also print (and write as `timing`) where the chat's first token goes,
//                  medians: until the app dispatches the model request, the model server reads
//                  it, the app writes its first part and its first text-delta, and the database
//                  statements (and their ms) before those
//
// Writes bench/results/chat.json.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchApi, signedInUser, startBenchApp } from '../support/app.ts';
import { envNumber } from '../support/env.ts';
import { writeBenchResults } from '../support/results.ts';
import { startOpenAiServer } from '../../src/server/test/openai-server.ts';
import type { ChatTiming } from './app-server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'chat.json');

const SAMPLES = Math.max(1, Math.floor(envNumber('BENCH_SAMPLES', 200)));
const WARMUP = Math.floor(envNumber('BENCH_WARMUP', 20));
const TIMING = process.env.BENCH_TIMING === '1';
const GOAL_ADDED_P50_MS = 5;

const MODEL_KEY = 'sk-bench-chat';
const MODEL = 'bench-model';
const PROMPT = 'How many customers signed up last week?';
const REPLY = 'Twelve customers signed up last week, three of them from the same company.';

// ---- the model server, the app, a signed-in user with an organisation ----

const model = await startOpenAiServer({ apiKey: MODEL_KEY, models: [MODEL] });
/** When the model server last read a chat request (BENCH_TIMING). */
let modelReachedAt = 0;
model.respond(() => {
  modelReachedAt = performance.now();
  return { text: REPLY };
});

/** The app's timing of the last chat answer (BENCH_TIMING). */
let appTiming: ChatTiming | null = null;
let appRequestAt = 0;
const app = await startBenchApp({
  name: 'chat',
  env: { DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', OUTBOUND_MODEL_NETWORKS: 'loopback' },
  onMessage: (message) => {
    const { requestAt, timing } = message as { timing?: ChatTiming; requestAt?: number };
    if (requestAt) appRequestAt = requestAt;
    if (timing) appTiming = timing;
  },
});
const baseUrl = app.baseUrl;
const { headers } = await signedInUser(app, 'chat');
const api = benchApi(app, { cookies: [], headers });

const provider = await api<{ id: string }>('POST', '/model-providers', {
  name: 'Local model server',
  baseUrl: model.baseUrl,
  apiKey: MODEL_KEY,
  models: [{ id: MODEL, inputPrice: null, outputPrice: null }],
  defaultModel: MODEL,
});
const agent = await api<{ id: string }>('POST', '/agents', { name: 'Bench chat' });
const node = (id: string, type: string, x: number, data: object) => ({
  id,
  type,
  position: { x, y: 0 },
  data,
});
await api(
  'PUT',
  `/agents/${agent.id}/draft`,
  {
    graph: {
      schemaVersion: 1,
      nodes: [
        node('start', 'start', 0, { mode: 'chat' }),
        node('answer', 'llm', 280, {
          providerId: provider.id,
          model: MODEL,
          system: '',
          prompt: '{{ input.message }}',
        }),
        node('reply', 'output', 560, { mode: 'text', text: '{{ nodes.answer.text }}' }),
      ],
      edges: [
        { id: 'a', source: 'start', target: 'answer' },
        { id: 'b', source: 'answer', target: 'reply' },
      ],
    },
  },
  { 'if-match': '1' },
);
await api('POST', `/agents/${agent.id}/publish`, {});

// ---- the two targets: each resolves with ms to the first token, after reading to the end ----

/**
 * Reads an SSE body to its end; returns the ms from `started` to the first `data:` line that
 * `isFirstToken` accepts (NaN when none did).
 */
async function timeFirstToken(
  res: Response,
  started: number,
  isFirstToken: (data: string) => boolean,
): Promise<number> {
  if (!res.ok || !res.body) throw new Error(`answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let firstMs = Number.NaN;
  let pending = '';
  for await (const bytes of res.body) {
    if (!Number.isNaN(firstMs)) continue;
    pending += decoder.decode(bytes as Uint8Array, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (line.startsWith('data: ') && isFirstToken(line.slice(6))) {
        firstMs = performance.now() - started;
        break;
      }
    }
  }
  return firstMs;
}

const isContentDelta = (data: string) => {
  if (data === '[DONE]') return false;
  const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
  return Boolean(chunk.choices?.[0]?.delta?.content);
};
const isTextDelta = (data: string) => data.includes('"text-delta"');

async function direct(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${model.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${MODEL_KEY}` },
    body: JSON.stringify({
      model: MODEL,
      messages: [{ role: 'user', content: PROMPT }],
      stream: true,
    }),
  });
  return timeFirstToken(res, started, isContentDelta);
}

/** Per chat sample (BENCH_TIMING): the client's ms to the model server and the app's timing. */
const marks: ({
  toModelMs: number;
  toFirstTokenMs: number;
  sentToApp: number;
  writeToRead: number;
} & ChatTiming)[] = [];

async function chat(): Promise<number> {
  const started = performance.now();
  appTiming = null;
  const res = await fetch(`${baseUrl}/api/v1/agents/${agent.id}/chat`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ message: PROMPT }),
  });
  let readAt = 0;
  const firstMs = await timeFirstToken(res, started, (data) => {
    if (!isTextDelta(data)) return false;
    readAt = performance.timeOrigin + performance.now();
    return true;
  });
  if (TIMING) {
    // The app's message may come just after the answer's last bytes.
    for (let i = 0; !appTiming && i < 50; i++) await new Promise((r) => setTimeout(r, 1));
    const app = appTiming as ChatTiming | null;
    if (app)
      marks.push({
        toModelMs: modelReachedAt - started,
        toFirstTokenMs: firstMs,
        ...app,
        sentToApp: appRequestAt - (performance.timeOrigin + started),
        writeToRead: readAt - app.firstDeltaWriteAt,
      });
  }
  return firstMs;
}

// ---- measure ----

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    meanMs: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
    minMs: sorted[0]!,
    maxMs: sorted.at(-1)!,
  };
}

async function sample(i: number) {
  // Which target goes first alternates, so neither always follows the other's work.
  if (i % 2 === 0) {
    const d = await direct();
    return { direct: d, chat: await chat() };
  }
  const c = await chat();
  return { direct: await direct(), chat: c };
}

for (let i = 0; i < WARMUP; i++) await sample(i);
model.requests.length = 0;
marks.length = 0;
const directMs: number[] = [];
const chatMs: number[] = [];
const pairedMs: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const s = await sample(i);
  if (Number.isNaN(s.direct) || Number.isNaN(s.chat)) throw new Error('an answer had no token');
  directMs.push(s.direct);
  chatMs.push(s.chat);
  pairedMs.push(s.chat - s.direct);
  // The model server records every request; keep it from growing through the run.
  if (model.requests.length > 100) model.requests.length = 0;
}

const directSummary = summary(directMs);
const chatSummary = summary(chatMs);
const addedP50Ms = chatSummary.p50Ms - directSummary.p50Ms;
const pairedSummary = summary(pairedMs);
const met = addedP50Ms <= GOAL_ADDED_P50_MS;
const ms = (value: number) => `${value.toFixed(2)} ms`;
console.log(
  `direct (model server): p50 ${ms(directSummary.p50Ms)}, p95 ${ms(directSummary.p95Ms)}`,
);
console.log(`chat route:            p50 ${ms(chatSummary.p50Ms)}, p95 ${ms(chatSummary.p95Ms)}`);
console.log(
  `added p50: ${ms(addedP50Ms)} (goal ≤ ${GOAL_ADDED_P50_MS} ms: ${met ? 'met' : 'not met'}); ` +
    `median of the paired differences ${ms(pairedSummary.p50Ms)}, ` +
    `ratio of the p50s ${(chatSummary.p50Ms / directSummary.p50Ms).toFixed(2)}×`,
);

const median = (pick: (m: (typeof marks)[number]) => number) => summary(marks.map(pick)).p50Ms;
/** BENCH_TIMING's medians, in ms after the app got the request. */
const timing = TIMING
  ? {
      appGotRequestMsAfterSending: median((m) => m.sentToApp),
      modelRequestDispatched: median((m) => m.modelDispatchMs),
      databaseStatementsBeforeModelRequest: median((m) => m.dbStatementsBeforeModel),
      databaseMsBeforeModelRequest: median((m) => m.dbMsBeforeModel),
      firstWrite: median((m) => m.firstWriteMs),
      modelServerReadRequest: median((m) => m.toModelMs - m.sentToApp),
      firstTextDeltaWritten: median((m) => m.firstDeltaWriteMs),
      databaseStatementsBeforeFirstTextDelta: median((m) => m.dbStatements),
      databaseMsBeforeFirstTextDelta: median((m) => m.dbMs),
      clientReadFirstTextDelta: median((m) => m.toFirstTokenMs - m.sentToApp),
    }
  : undefined;
if (TIMING) {
  console.log(
    `chat, medians of ${marks.length} (ms after the client sent the request):\n` +
      `  the app gets it                        ${ms(median((m) => m.sentToApp))}\n` +
      `  (from here on, ms after the app got it)\n` +
      `  it dispatches the model request        ${ms(median((m) => m.modelDispatchMs))} ` +
      `after ${median((m) => m.dbStatementsBeforeModel)} database statements taking ` +
      `${ms(median((m) => m.dbMsBeforeModel))}\n` +
      `  it writes the answer's first parts     ${ms(median((m) => m.firstWriteMs))}\n` +
      `  the model server reads the request     ${ms(median((m) => m.toModelMs - m.sentToApp))}\n` +
      `  it writes the first text-delta         ${ms(median((m) => m.firstDeltaWriteMs))} ` +
      `after ${median((m) => m.dbStatements)} database statements taking ` +
      `${ms(median((m) => m.dbMs))}\n` +
      `  the client reads it                    ${ms(median((m) => m.toFirstTokenMs - m.sentToApp))}`,
  );
}

await app.stop();
await model.close();

await writeBenchResults(RESULTS_FILE, {
  path:
    'POST /api/v1/agents/{id}/chat (start (chat) → llm → output, a new conversation each ' +
    `time, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'in-memory PGlite'}) against ` +
    'POST /v1/chat/completions of the local model server, ' +
    'stream: true; each timed from the request to the first token',
  samples: SAMPLES,
  warmupSamples: WARMUP,
  figures:
    'addedP50Ms = chat p50 − direct p50; pairedDifference: chat − direct of each sample pair',
  goal: { addedP50Ms: GOAL_ADDED_P50_MS },
  met,
  addedP50Ms,
  ratioOfP50s: chatSummary.p50Ms / directSummary.p50Ms,
  results: { direct: directSummary, chat: chatSummary, pairedDifference: pairedSummary },
  ...(timing ? { timing } : {}),
});
console.log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);
