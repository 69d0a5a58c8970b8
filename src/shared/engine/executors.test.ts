import { describe, expect, it } from 'vitest';
import { pureExecutors } from './executors/index.ts';
import { evaluateExpression, renderTemplate, TEMPLATE_OUTPUT_CAP } from './templates.ts';
import { graph, runAll } from './test-support.ts';

const context = {
  input: { message: 'Hello', n: 12 },
  nodes: { fetch_orders: { rows: [{ total: 5 }, { total: 7 }], rowCount: 2 } },
  run: { id: 'r1' },
  org: { name: 'Acme' },
  now: '2026-01-01T00:00:00.000Z',
};

describe('renderTemplate', () => {
  it('renders the run context', async () => {
    expect(
      await renderTemplate(
        '{{ input.message }} from {{ org.name }}: {{ nodes.fetch_orders.rowCount }} ({{ run.id }})',
        context,
      ),
    ).toBe('Hello from Acme: 2 (r1)');
    expect(await renderTemplate('{{ nodes.fetch_orders.rows | json }}', context)).toBe(
      '[{"total":5},{"total":7}]',
    );
  });

  it('reads no files, leaves unknown filters out and caps the output', async () => {
    await expect(renderTemplate("{% include 'etc/passwd' %}", context)).rejects.toThrow();
    await expect(renderTemplate("{% render 'x' %}", context)).rejects.toThrow();
    expect(await renderTemplate('{{ input.message | nope }}', context)).toBe('Hello');
    const big = `{% for i in (1..${TEMPLATE_OUTPUT_CAP / 10 + 10}) %}0123456789{% endfor %}`;
    await expect(renderTemplate(big, context)).rejects.toThrow();
  });
});

describe('evaluateExpression', () => {
  it('evaluates JSONata over the context and returns plain values', async () => {
    expect(await evaluateExpression('$sum(nodes.fetch_orders.rows.total)', context)).toBe(12);
    expect(await evaluateExpression('nodes.fetch_orders.rows.total', context)).toEqual([5, 7]);
    expect(await evaluateExpression('input.missing', context)).toBeNull();
  });

  it('evaluates one expression concurrently over different contexts', async () => {
    const values = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        evaluateExpression('$sum([input.n, input.n]) & "-" & $string(input.n)', { input: { n } }),
      ),
    );
    expect(values).toEqual(Array.from({ length: 30 }, (_, n) => `${2 * n}-${n}`));
  });

  it('stops runaway expressions and reports errors as Error', async () => {
    await expect(
      evaluateExpression('($f := function($n) { 1 + $f($n + 1) }; $f(0))', context, {
        maxDepth: 50,
      }),
    ).rejects.toThrow(/deeper/);
    await expect(
      evaluateExpression('($f := function($n) { $f($n + 1) }; $f(0))', context, { timeoutMs: 50 }),
    ).rejects.toThrow(/longer than 50 ms/);
    await expect(evaluateExpression('$undefinedFn(1)', context)).rejects.toBeInstanceOf(Error);
  });
});

const run = (nodes: [string, string, object?][], edges: [string, string, string?][], inputs = {}) =>
  runAll({ graph: graph(nodes, edges), inputs, executors: pureExecutors });

describe('pure executors', () => {
  it('start checks required and typed inputs, and coerces text to numbers and booleans', async () => {
    const start = {
      inputs: [
        { name: 'n', type: 'number', required: true },
        { name: 'flag', type: 'boolean' },
        { name: 'note', type: 'string' },
      ],
    };
    const nodes: [string, string, object?][] = [
      ['start', 'start', start],
      ['out', 'output', { mode: 'json', json: { n: '{{ input.n }}' } }],
    ];
    const ok = await run(nodes, [['start', 'out']], { n: '3', flag: 'true' });
    expect(ok.result.outputs.start).toEqual({ n: 3, flag: true, note: null });
    const missing = await run(nodes, [['start', 'out']], { flag: true });
    expect(missing.result.error?.message).toContain('Input "n" is required');
    const wrong = await run(nodes, [['start', 'out']], { n: 'many' });
    expect(wrong.result.error?.message).toContain('Input "n" must be a number');
    const chat = await run(
      [
        ['start', 'start', { mode: 'chat' }],
        ['out', 'output', { text: 'You said {{ input.message }}' }],
      ],
      [['start', 'out']],
      { message: 'hi' },
    );
    expect(chat.result.outputs.start).toEqual({ message: 'hi', history: [] });
    expect(chat.result.output).toBe('You said hi');
  });

  it('transform, condition and output work together', async () => {
    const nodes: [string, string, object?][] = [
      ['start', 'start', { inputs: [{ name: 'n', type: 'number' }] }],
      ['double', 'transform', { expression: '{ "value": input.n * 2 }' }],
      [
        'size',
        'condition',
        {
          cases: [
            { id: 'huge', expression: 'nodes.double.value > 100' },
            { id: 'big', expression: 'nodes.double.value > 10' },
          ],
        },
      ],
      [
        'big_reply',
        'output',
        {
          mode: 'json',
          json: {
            size: 'big',
            value: '{{ nodes.double.value }}',
            text: 'is {{ nodes.double.value }}',
            keep: 1,
          },
        },
      ],
      ['huge_reply', 'output', { text: 'huge' }],
      ['small_reply', 'output', { text: 'small {{ nodes.double.value }}' }],
    ];
    const edges: [string, string, string?][] = [
      ['start', 'double'],
      ['double', 'size'],
      ['size', 'huge_reply', 'huge'],
      ['size', 'big_reply', 'big'],
      ['size', 'small_reply', 'else'],
    ];
    expect((await run(nodes, edges, { n: 100 })).result.output).toBe('huge');
    expect((await run(nodes, edges, { n: 10 })).result.output).toEqual({
      size: 'big',
      // One variable alone keeps its type; a template with text around it gives text.
      value: 20,
      text: 'is 20',
      keep: 1,
    });
    const small = await run(nodes, edges, { n: 1 });
    expect(small.result.output).toBe('small 2');
    expect(small.result.outputs.size).toEqual({ case: 'else' });
  });
});
