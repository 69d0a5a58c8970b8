import type { AgentGraph, AgentNode, StartInput } from '../../../../shared/schemas/agent-graph';
import type { RunEvent, RunStatus } from '../../../../shared/engine/types';

/* ------------------------------------------------------------------ steps in order */

/** The draft's steps in the order a run meets them (breadth first from the start), then the rest. */
export function orderedSteps(graph: AgentGraph): AgentNode[] {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) {
    const list = next.get(edge.source) ?? [];
    list.push(edge.target);
    next.set(edge.source, list);
  }
  const seen = new Set<string>();
  const order: AgentNode[] = [];
  const queue = graph.nodes.filter((node) => node.type === 'start').map((node) => node.id);
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    const node = byId.get(id);
    if (!node) continue;
    seen.add(id);
    order.push(node);
    queue.push(...(next.get(id) ?? []));
  }
  for (const node of graph.nodes) if (!seen.has(node.id)) order.push(node);
  return order;
}

const firstLine = (value: string, max = 120) => {
  const line = value.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** One line of the step's configuration (its own text: expressions, addresses, SQL), or ''. */
export function stepSummary(node: AgentNode): string {
  switch (node.type) {
    case 'start':
      return node.data.mode === 'chat'
        ? ''
        : node.data.inputs.map((input) => input.name).join(', ');
    case 'llm':
      return [node.data.model, firstLine(node.data.prompt)].filter(Boolean).join(' · ');
    case 'datasource_query':
      return firstLine(node.data.sql || node.data.path || node.data.filter || '');
    case 'http_request':
      return node.data.url ? `${node.data.method} ${firstLine(node.data.url)}` : '';
    case 'transform':
      return firstLine(node.data.expression);
    case 'condition':
      return node.data.cases.map((item) => item.label || item.id).join(', ');
    case 'send_email':
      return [node.data.to.join(', '), firstLine(node.data.subject)].filter(Boolean).join(' · ');
    case 'output':
      return node.data.mode === 'json'
        ? `{ ${Object.keys(node.data.json).join(', ')} }`
        : firstLine(node.data.text);
  }
}

/** The problem codes with a translated sentence (others show the server's message). */
export const PROBLEM_CODES = [
  'required',
  'unknown_reference',
  'template_syntax',
  'expression_syntax',
  'unreachable',
  'cycle',
  'unknown_provider',
  'unknown_data_source',
  'no_start',
  'many_starts',
  'no_output',
  'duplicate_id',
  'dangling_edge',
  'into_start',
  'unknown_handle',
  'case_ids',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];
export const isProblemCode = (code: string): code is ProblemCode =>
  (PROBLEM_CODES as readonly string[]).includes(code);

/* ------------------------------------------------------------------ the start form */

export type StartFormValue = string | boolean;
export type StartFormValues = Record<string, StartFormValue>;
export type StartFieldError = 'required' | 'number' | 'json';

export interface StartForm {
  mode: 'chat' | 'fields';
  fields: StartInput[];
}

/** The start step's inputs (a graph without a start: no field). */
export function startForm(graph: AgentGraph): StartForm {
  const start = graph.nodes.find((node) => node.type === 'start');
  if (!start || start.type !== 'start') return { mode: 'fields', fields: [] };
  return start.data.mode === 'chat'
    ? { mode: 'chat', fields: [] }
    : { mode: 'fields', fields: start.data.inputs };
}

/** Empty values: unticked boxes, empty texts (the chat message is `message`). */
export function initialStartValues(form: StartForm): StartFormValues {
  if (form.mode === 'chat') return { message: '' };
  return Object.fromEntries(
    form.fields.map((field) => [field.name, field.type === 'boolean' ? false : '']),
  );
}

export type CoercedInput =
  | { ok: true; input: Record<string, unknown> }
  | { ok: false; errors: Record<string, StartFieldError> };

/** The run's input from the form: numbers and JSON parsed, empty optional fields left out. */
export function coerceStartInput(form: StartForm, values: StartFormValues): CoercedInput {
  if (form.mode === 'chat') {
    const message = typeof values.message === 'string' ? values.message.trim() : '';
    return message
      ? { ok: true, input: { message, history: [] } }
      : { ok: false, errors: { message: 'required' } };
  }
  const input: Record<string, unknown> = {};
  const errors: Record<string, StartFieldError> = {};
  for (const field of form.fields) {
    const value = values[field.name];
    if (field.type === 'boolean') {
      input[field.name] = value === true;
      continue;
    }
    const raw = typeof value === 'string' ? value.trim() : '';
    if (raw === '') {
      if (field.required) errors[field.name] = 'required';
      continue;
    }
    if (field.type === 'number') {
      const number = Number(raw);
      if (Number.isFinite(number)) input[field.name] = number;
      else errors[field.name] = 'number';
    } else if (field.type === 'json') {
      try {
        input[field.name] = JSON.parse(raw) as unknown;
      } catch {
        errors[field.name] = 'json';
      }
    } else {
      input[field.name] = typeof value === 'string' ? value : '';
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

/* ------------------------------------------------------------------ the live run */

export type LiveStepStatus = 'running' | 'succeeded' | 'failed' | 'reused';

export interface LiveStep {
  nodeId: string;
  nodeType: string;
  status: LiveStepStatus;
  attempt: number;
  /** Streamed text (node.delta) of the current attempt. */
  text: string;
  output?: unknown;
  error?: string;
  /** The step failed and runs again. */
  willRetry?: boolean;
  tokensIn: number;
  tokensOut: number;
  durationMs?: number;
}

export interface LiveRun {
  status: 'running' | RunStatus;
  steps: LiveStep[];
  output?: unknown;
  error?: string;
  tokensIn: number;
  tokensOut: number;
  cost?: number;
  durationMs?: number;
}

export const initialLiveRun = (): LiveRun => ({
  status: 'running',
  steps: [],
  tokensIn: 0,
  tokensOut: 0,
});

function upsert(run: LiveRun, nodeId: string, patch: (step: LiveStep | undefined) => LiveStep) {
  const index = run.steps.findIndex((step) => step.nodeId === nodeId);
  const steps = [...run.steps];
  if (index === -1) steps.push(patch(undefined));
  else steps[index] = patch(steps[index]);
  return { ...run, steps };
}

/**
 * The run as its events tell it. Idempotent for a replay (the stream starts with the past
 * events): a step is keyed by its node id and each event sets, never adds up, its fields.
 */
export function liveRunReducer(run: LiveRun, event: RunEvent): LiveRun {
  switch (event.type) {
    case 'run.started':
      return run.status === 'running' ? run : { ...run, status: 'running' };
    case 'node.started':
      return upsert(run, event.nodeId, (step) => ({
        nodeId: event.nodeId,
        nodeType: event.nodeType,
        status: event.reused ? 'reused' : 'running',
        attempt: event.attempt,
        // A replayed start of the same attempt keeps what was streamed.
        text: step && step.attempt === event.attempt ? step.text : '',
        tokensIn: 0,
        tokensOut: 0,
      }));
    case 'node.delta':
      return upsert(run, event.nodeId, (step) => ({
        ...(step ?? {
          nodeId: event.nodeId,
          nodeType: '',
          status: 'running' as const,
          attempt: 1,
          text: '',
          tokensIn: 0,
          tokensOut: 0,
        }),
        text: `${step?.text ?? ''}${event.text}`,
      }));
    case 'node.finished':
      return upsert(run, event.nodeId, (step) => ({
        nodeId: event.nodeId,
        nodeType: event.nodeType,
        status: event.reused ? 'reused' : 'succeeded',
        attempt: event.attempt,
        text: step?.text ?? '',
        output: event.output,
        tokensIn: event.usage.inputTokens,
        tokensOut: event.usage.outputTokens,
        durationMs: event.durationMs,
      }));
    case 'node.failed':
      return upsert(run, event.nodeId, (step) => ({
        nodeId: event.nodeId,
        nodeType: event.nodeType,
        status: event.willRetry ? 'running' : 'failed',
        attempt: event.attempt,
        text: step?.text ?? '',
        error: event.error.message,
        willRetry: event.willRetry,
        tokensIn: step?.tokensIn ?? 0,
        tokensOut: step?.tokensOut ?? 0,
        durationMs: event.durationMs,
      }));
    case 'run.finished':
      return {
        ...run,
        status: event.status,
        output: event.output,
        error: event.error?.message,
        tokensIn: event.usage.inputTokens,
        tokensOut: event.usage.outputTokens,
        cost: event.usage.cost,
        durationMs: event.durationMs,
        // A step still shown as running when the run ends did not finish (cancelled).
        steps: run.steps.map((step) =>
          step.status === 'running' ? { ...step, status: 'failed' as const } : step,
        ),
      };
  }
}

/** The SSE event names of a run (the engine's event types). */
/** What a console does to its followed run: start over, or take the next event. */
export type LiveRunAction = { type: 'reset' } | { type: 'event'; event: RunEvent };
export const liveRunActions = (run: LiveRun, action: LiveRunAction): LiveRun =>
  action.type === 'reset' ? initialLiveRun() : liveRunReducer(run, action.event);

export const RUN_EVENT_NAMES = [
  'run.started',
  'node.started',
  'node.delta',
  'node.finished',
  'node.failed',
  'run.finished',
] as const;

/** A value as readable JSON (strings as they are). */
export function formatJson(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/* ------------------------------------------------------------------ the event stream */

/**
 * A reader of a text/event-stream: feed it the text as it arrives, it calls `onEvent` with each
 * complete event's name and data (lines `event:` and `data:`, a blank line ends an event).
 */
export function createSseParser(onEvent: (name: string, data: string) => void) {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  return (chunk: string) => {
    buffer += chunk;
    let newline = buffer.search(/\r?\n/);
    while (newline !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1);
      if (line === '') {
        if (data.length > 0) onEvent(name || 'message', data.join('\n'));
        name = '';
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
      }
      newline = buffer.search(/\r?\n/);
    }
  };
}

/** A run event from an SSE message, or null for anything else. */
export function parseRunEvent(name: string, data: string): RunEvent | null {
  if (!(RUN_EVENT_NAMES as readonly string[]).includes(name)) return null;
  try {
    const event = JSON.parse(data) as RunEvent;
    return event && typeof event === 'object' && event.type === name ? event : null;
  } catch {
    return null;
  }
}
