// `npm run bench:chat`: the time to the first token that chat adds over calling the model server
// directly. The real app serves on a real port (the product's server code, in-memory PGlite) with
// a model provider on the local OpenAI-compatible server (src/server/test/openai-server.ts, loopback
// allowed by OUTBOUND_MODEL_NETWORKS); a signed-in user chats with a published start (chat) → llm
// → output agent. Each sample times, from just before the request to the first token:
//   direct  POST <model server>/v1/chat/completions, stream: true, until the first content delta
//   chat    POST /api/v1/agents/{id}/chat (a new conversation), until the first `text-delta` part
// with the same prompt and the same scripted reply, the two targets taking turns (which goes first
// alternates), each answer read to its end before the next request. The figure is the p50 added,
// chat − direct, measured in the same run on the same machine. AGENTS.md's goal: ≤ 5 ms.
//
// Like `bench:engine` and `bench:runs`, a script of its own: `npm run bench` (bench/run.ts) spawns
// the server and measures plain HTTP; this one runs everything in one process (the app, the model
// server and the client), so `node --cpu-prof bench/chat/run.ts` profiles the whole path.
//
// Environment:
//   BENCH_SAMPLES  measured samples per target (default 200)
//   BENCH_WARMUP   unmeasured samples per target first (default 20)
//   BENCH_TIMING   1: also print where the chat's first token spends its time (server-side marks
//                  read from the run's events and the model server's request log)
//
// Writes bench/results/chat.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { envNumber } from '../support/env.ts';
import { waitForVerificationLink } from '../../e2e/support/mail.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startServices } from '../../src/server/bootstrap.ts';
import { createApp } from '../../src/server/app.ts';
import { createLogger } from '../../src/server/http/logger.ts';
import { startOpenAiServer } from '../../src/server/test/openai-server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'chat.json');

const SAMPLES = Math.max(1, Math.floor(envNumber('BENCH_SAMPLES', 200)));
const WARMUP = Math.floor(envNumber('BENCH_WARMUP', 20));
const GOAL_ADDED_P50_MS = 5;

const MODEL_KEY = 'sk-bench-chat';
const MODEL = 'bench-model';
const PROMPT = 'How many customers signed up last week?';
const REPLY = 'Twelve customers signed up last week, three of them from the same company.';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (response.status >= 200 && response.status < 400) return;
  const body = await response.text().catch(() => '');
  throw new Error(`${what} answered ${response.status}: ${body.slice(0, 500)}`);
}

/** The name=value pairs of every Set-Cookie header, as one Cookie header. */
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!.trim())
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');

// ---- the model server, the app, a signed-in user with an organisation ----

const model = await startOpenAiServer({ apiKey: MODEL_KEY, models: [MODEL] });
model.respond(() => ({ text: REPLY }));

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-chat-'));
const config = loadConfig({
  NODE_ENV: 'production',
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PORT: String(port),
  APP_URL: baseUrl,
  LOG_LEVEL: 'warn',
  OUTBOUND_MODEL_NETWORKS: 'loopback',
});
const services = await startServices(config, { logger: createLogger('warn'), inMemory: true });
const app = createApp(services.deps);
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));

async function createSession() {
  const email = `bench.chat.${Date.now()}@meridian.test`;
  const password = 'Bench-Passw0rd-2024!';
  const json = { 'content-type': 'application/json', origin: baseUrl };
  const since = Date.now() - 1_000;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Bench User', email, password }),
  });
  await expectOk(signUp, 'sign-up');
  const mailDir = path.join(dataDir, 'mail');
  const link = await waitForVerificationLink(email, { mailDir, since, timeoutMs: 10_000 });
  await expectOk(await fetch(link, { redirect: 'manual' }), 'e-mail verification');
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  await expectOk(signIn, 'sign-in');
  const cookie = cookieOf(signIn);
  if (!cookie) throw new Error('sign-in set no session cookie');
  const setup = await fetch(`${baseUrl}/api/functions/complete-user-setup`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: '{}',
  });
  await expectOk(setup, 'complete-user-setup');
  const organizationId = ((await setup.json()) as { organization?: { id?: string } }).organization
    ?.id;
  if (!organizationId) throw new Error('complete-user-setup returned no organisation');
  return { ...json, cookie, 'x-organization-id': organizationId };
}

const headers = await createSession();

async function api<T>(method: string, url: string, body: unknown, extra = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: { ...headers, ...extra },
    body: JSON.stringify(body),
  });
  await expectOk(res, `${method} ${url}`);
  return (await res.json()) as T;
}

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

async function chat(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/agents/${agent.id}/chat`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ message: PROMPT }),
  });
  return timeFirstToken(res, started, isTextDelta);
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

await new Promise<void>((resolve) => server.close(() => resolve()));
await services.close();
await model.close();
await rm(dataDir, { recursive: true, force: true });

await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
await writeFile(
  RESULTS_FILE,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverage: os.loadavg(),
      path:
        'POST /api/v1/agents/{id}/chat (start (chat) → llm → output, a new conversation each ' +
        'time, in-memory PGlite) against POST /v1/chat/completions of the local model server, ' +
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
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${path.relative(ROOT, RESULTS_FILE)}`);
