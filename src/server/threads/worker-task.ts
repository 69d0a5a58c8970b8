/**
 * CPU-heavy work (reading an uploaded file) in a worker thread, so the event loop keeps
 * answering requests. A task returns a small result and a list of items; the items come back
 * in batches, one at a time (the worker waits for each to be taken), so that the main thread
 * never spends long copying them in. Each worker has its own memory limit: a pathological
 * input ends the worker, not the server. At most `MAX_WORKERS` CPU-bound tasks run at once;
 * others wait (tasks that mostly wait on the network, like a database query, do not queue).
 */
import { Worker, parentPort, workerData, type ResourceLimits } from 'node:worker_threads';

const MAX_WORKERS = 2;

export type TaskOutput<R, I> = { result: R; items: I[] };

/** The task threw: the class name, message and own fields of its error. */
export class WorkerTaskError extends Error {
  readonly errorName: string;
  readonly fields: Record<string, unknown>;

  constructor(errorName: string, message: string, fields: Record<string, unknown>) {
    super(message);
    this.errorName = errorName;
    this.fields = fields;
  }
}

/** The worker went past its memory limit and was stopped. */
export class WorkerMemoryError extends Error {}

type FromWorker =
  | { type: 'items'; items: unknown[] }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; name: string; message: string; fields: Record<string, unknown> };

let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<void> {
  if (running < MAX_WORKERS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
}

function release() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Bytes (or characters) of data copied to the worker per turn of the event loop. */
const CHUNK = 1 << 20;

type Data = Uint8Array | string;
type ToWorker = 'next' | { type: 'chunk'; chunk: Data } | { type: 'end' };
type WorkerInput = { input: unknown; data: { kind: 'bytes' | 'text'; length: number } | null };

/** Pieces of `data` to send: copies, each with a buffer of its own (a Buffer's `slice` shares). */
function* chunks(data: Data): Generator<{ chunk: Data; transfer: ArrayBuffer[] }> {
  for (let start = 0; start < data.length; start += CHUNK) {
    if (typeof data === 'string') yield { chunk: data.slice(start, start + CHUNK), transfer: [] };
    else {
      const chunk = new Uint8Array(data.subarray(start, start + CHUNK));
      yield { chunk, transfer: [chunk.buffer] };
    }
  }
}

/**
 * Runs the worker `script` (which calls `serveWorkerTask`) on `input` (cloned) and `data`, a
 * large input copied a piece per turn of the event loop (one large copy would stall it; the
 * caller's data stays as it is).
 */
export async function runWorkerTask<R, I>(
  script: URL,
  input: unknown,
  options: { data?: Data; resourceLimits?: ResourceLimits; cpuBound?: boolean } = {},
): Promise<TaskOutput<R, I>> {
  const { data } = options;
  const queued = options.cpuBound ?? true;
  if (queued) await acquire();
  try {
    const workerInput: WorkerInput = {
      input,
      data:
        data === undefined
          ? null
          : { kind: typeof data === 'string' ? 'text' : 'bytes', length: data.length },
    };
    const worker = new Worker(script, {
      workerData: workerInput,
      resourceLimits: options.resourceLimits ?? {},
    });
    const post = (message: ToWorker, transfer: ArrayBuffer[] = []) =>
      worker.postMessage(message, transfer);
    let settled = false;
    const output = new Promise<TaskOutput<R, I>>((resolve, reject) => {
      const items: I[] = [];
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        finish();
        void worker.terminate();
      };
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'items') {
          for (const item of message.items as I[]) items.push(item);
          // Asked for after a turn of the event loop: a port takes in every message that is
          // already there before it lets anything else run.
          setImmediate(() => post('next'));
        } else if (message.type === 'done') {
          settle(() => resolve({ result: message.result as R, items }));
        } else {
          const { name, fields } = message;
          settle(() => reject(new WorkerTaskError(name, message.message, fields)));
        }
      });
      worker.on('error', (error: Error & { code?: string }) => {
        settle(() =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new WorkerMemoryError(error.message, { cause: error })
              : error,
          ),
        );
      });
      worker.on('exit', (code) => {
        settle(() =>
          reject(new Error(`The worker stopped (exit code ${code}) before it was done`)),
        );
      });
    });
    for (const { chunk, transfer } of data === undefined ? [] : chunks(data)) {
      if (settled) break;
      post({ type: 'chunk', chunk }, transfer);
      await new Promise((resolve) => setImmediate(resolve));
    }
    post({ type: 'end' });
    return await output;
  } finally {
    if (queued) release();
  }
}

/**
 * The worker's side: runs `task` on the input and data, and sends its result, its items
 * `batchSize` at a time (waiting for each batch to be taken), or the error it threw.
 */
export function serveWorkerTask<T, D extends Data | undefined, R, I>(
  task: (
    input: T,
    data: D,
  ) =>
    | { result: R; items: I[]; batchSize: number }
    | Promise<{ result: R; items: I[]; batchSize: number }>,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerTask runs in a worker thread');
  const { input, data } = workerData as WorkerInput;
  const bytes = data?.kind === 'bytes' ? new Uint8Array(data.length) : undefined;
  const text: string[] = [];
  let received = 0;
  const taken: (() => void)[] = [];
  const send = (message: FromWorker) => port.postMessage(message);

  const run = async () => {
    try {
      const whole = data?.kind === 'text' ? text.splice(0).join('') : bytes;
      const { result, items, batchSize } = await task(input as T, whole as D);
      const size = Math.max(1, Math.floor(batchSize));
      for (let start = 0; start < items.length; start += size) {
        const next = new Promise<void>((resolve) => taken.push(resolve));
        send({ type: 'items', items: items.slice(start, start + size) });
        await next;
      }
      send({ type: 'done', result });
    } catch (error) {
      send(failure(error));
    }
    port.close();
  };

  port.on('message', (message: ToWorker) => {
    if (message === 'next') taken.shift()?.();
    else if (message.type === 'end') void run();
    else if (typeof message.chunk === 'string') text.push(message.chunk);
    else {
      bytes!.set(message.chunk, received);
      received += message.chunk.byteLength;
    }
  });
}

/** An error as a message: its class name, message and own plain fields. */
function failure(error: unknown): FromWorker {
  if (!(error instanceof Error))
    return { type: 'failed', name: 'Error', message: String(error), fields: {} };
  const fields = Object.fromEntries(
    Object.entries(error).filter(
      ([, value]) => value === null || (typeof value !== 'object' && typeof value !== 'function'),
    ),
  );
  delete fields.name;
  return { type: 'failed', name: error.constructor.name, message: error.message, fields };
}
