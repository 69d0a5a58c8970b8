import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../../shared/engine/types';
import { agentGraphSchema, type AgentGraph } from '../../../../shared/schemas/agent-graph';
import {
  coerceStartInput,
  createSseParser,
  initialLiveRun,
  initialStartValues,
  liveRunReducer,
  orderedSteps,
  parseRunEvent,
  startForm,
  stepSummary,
} from './detail-logic';

function graph(): AgentGraph {
  return agentGraphSchema.parse({
    schemaVersion: 1,
    nodes: [
      {
        id: 'out',
        type: 'output',
        position: { x: 2, y: 0 },
        data: { text: 'n is {{ nodes.double }}' },
      },
      {
        id: 'double',
        type: 'transform',
        position: { x: 1, y: 0 },
        data: { expression: 'input.n * 2' },
      },
      { id: 'lonely', type: 'transform', position: { x: 1, y: 2 }, data: { expression: '1' } },
      {
        id: 'start',
        type: 'start',
        position: { x: 0, y: 0 },
        data: {
          mode: 'fields',
          inputs: [
            { name: 'n', type: 'number', required: true },
            { name: 'name', type: 'string' },
            { name: 'loud', type: 'boolean' },
            { name: 'extra', type: 'json' },
          ],
        },
      },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'double' },
      { id: 'b', source: 'double', target: 'out' },
    ],
  });
}

describe('orderedSteps and stepSummary', () => {
  it('walks from the start, then lists the steps nothing reaches', () => {
    expect(orderedSteps(graph()).map((node) => node.id)).toEqual([
      'start',
      'double',
      'out',
      'lonely',
    ]);
  });

  it('sums a step up in one line of its own settings', () => {
    const [start, double, out] = orderedSteps(graph());
    expect(stepSummary(start!)).toBe('n, name, loud, extra');
    expect(stepSummary(double!)).toBe('input.n * 2');
    expect(stepSummary(out!)).toBe('n is {{ nodes.double }}');
  });
});

describe('the start form', () => {
  const form = startForm(graph());

  it('has one field per input, booleans unticked', () => {
    expect(form.mode).toBe('fields');
    expect(initialStartValues(form)).toEqual({ n: '', name: '', loud: false, extra: '' });
  });

  it('parses numbers and JSON and leaves out empty optional fields', () => {
    const result = coerceStartInput(form, { n: ' 4 ', name: '', loud: true, extra: '{"a":[1]}' });
    expect(result).toEqual({ ok: true, input: { n: 4, loud: true, extra: { a: [1] } } });
  });

  it('names each field that is missing or not of its type', () => {
    expect(coerceStartInput(form, { n: '', name: 'x', loud: false, extra: '{' })).toEqual({
      ok: false,
      errors: { n: 'required', extra: 'json' },
    });
    expect(coerceStartInput(form, { n: 'four', loud: false })).toEqual({
      ok: false,
      errors: { n: 'number' },
    });
  });

  it('asks a chat agent for a message', () => {
    const chat = startForm(
      agentGraphSchema.parse({
        schemaVersion: 1,
        nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } }],
        edges: [],
      }),
    );
    expect(initialStartValues(chat)).toEqual({ message: '' });
    expect(coerceStartInput(chat, { message: '  ' })).toEqual({
      ok: false,
      errors: { message: 'required' },
    });
    expect(coerceStartInput(chat, { message: 'Hi' })).toEqual({
      ok: true,
      input: { message: 'Hi', history: [] },
    });
  });
});

const usage = { inputTokens: 3, outputTokens: 5 };
const EVENTS: RunEvent[] = [
  { type: 'run.started', at: 1 },
  { type: 'node.started', nodeId: 'start', nodeType: 'start', attempt: 1 },
  {
    type: 'node.finished',
    nodeId: 'start',
    nodeType: 'start',
    output: { n: 2 },
    usage: { inputTokens: 0, outputTokens: 0 },
    durationMs: 1,
    attempt: 1,
  },
  { type: 'node.started', nodeId: 'ask', nodeType: 'llm', attempt: 1 },
  { type: 'node.delta', nodeId: 'ask', text: 'Hel' },
  { type: 'node.delta', nodeId: 'ask', text: 'lo' },
];

describe('liveRunReducer', () => {
  it('lights the steps up as their events come, with the streamed text', () => {
    const run = EVENTS.reduce(liveRunReducer, initialLiveRun());
    expect(run.status).toBe('running');
    expect(run.steps.map((step) => [step.nodeId, step.status])).toEqual([
      ['start', 'succeeded'],
      ['ask', 'running'],
    ]);
    expect(run.steps[1]!.text).toBe('Hello');
  });

  it('keeps a failing step running while it retries, then fails it and the run', () => {
    let run = EVENTS.reduce(liveRunReducer, initialLiveRun());
    const failed = (willRetry: boolean): RunEvent => ({
      type: 'node.failed',
      nodeId: 'ask',
      nodeType: 'llm',
      error: { code: 'error', message: 'boom' },
      attempt: 1,
      willRetry,
      durationMs: 4,
    });
    run = liveRunReducer(run, failed(true));
    expect(run.steps[1]).toMatchObject({ status: 'running', error: 'boom', willRetry: true });
    run = liveRunReducer(run, failed(false));
    run = liveRunReducer(run, {
      type: 'run.finished',
      status: 'failed',
      output: null,
      usage,
      error: { code: 'node_failed', message: 'boom', nodeId: 'ask' },
      durationMs: 9,
    });
    expect(run).toMatchObject({ status: 'failed', error: 'boom', tokensIn: 3, tokensOut: 5 });
    expect(run.steps[1]!.status).toBe('failed');
  });

  it('gives the same steps when the stream replays its past events', () => {
    const once = EVENTS.slice(0, 3).reduce(liveRunReducer, initialLiveRun());
    const twice = EVENTS.slice(0, 3).reduce(liveRunReducer, once);
    expect(twice.steps).toEqual(once.steps);
  });

  it('shows reused steps and the final output', () => {
    const run = [
      {
        type: 'node.finished',
        nodeId: 'start',
        nodeType: 'start',
        output: 1,
        usage,
        durationMs: 0,
        attempt: 1,
        reused: true,
      },
      {
        type: 'run.finished',
        status: 'succeeded',
        output: 'done',
        usage,
        error: null,
        durationMs: 3,
      },
    ].reduce((state, event) => liveRunReducer(state, event as RunEvent), initialLiveRun());
    expect(run.steps[0]!.status).toBe('reused');
    expect(run).toMatchObject({ status: 'succeeded', output: 'done' });
  });
});

describe('the event stream reader', () => {
  it('gives each complete event, across chunks, and skips comments and unknown names', () => {
    const seen: RunEvent[] = [];
    const push = createSseParser((name, data) => {
      const event = parseRunEvent(name, data);
      if (event) seen.push(event);
    });
    push('event: run.started\ndata: {"type":"run.st');
    push('arted","at":1}\n\n: keep-alive\n\nevent: other\ndata: {}\n\n');
    push('event: node.delta\r\ndata: {"type":"node.delta","nodeId":"a","text":"x"}\r\n\r\n');
    expect(seen).toEqual([
      { type: 'run.started', at: 1 },
      { type: 'node.delta', nodeId: 'a', text: 'x' },
    ]);
  });
});
