/**
 * Templates (Liquid) and expressions (JSONata) over the run context
 * `{ input, nodes, run, org, now }` (AGENTS.md, "The run context and templates").
 *
 * Isomorphic: no Node API.
 */
import jsonata from 'jsonata';
import type { Template } from 'liquidjs';
import { liquid } from './syntax.ts';
import type { ExecutorContext } from './types.ts';

/** What templates and expressions see. Secrets are never in it. */
export interface TemplateContext {
  input: Record<string, unknown>;
  nodes: Record<string, unknown>;
  run: Record<string, unknown>;
  org: Record<string, unknown>;
  now: string;
}

export const templateContext = (ctx: ExecutorContext): TemplateContext => ({
  input: ctx.inputs,
  nodes: ctx.nodes,
  run: ctx.run,
  org: ctx.org,
  now: ctx.now,
});

/** The longest text a template may produce. */
export const TEMPLATE_OUTPUT_CAP = 1_000_000;

const CACHE_SIZE = 500;
const templates = new Map<string, Template[]>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
  }
  return value;
}

/** A template that is one variable and nothing else: `{{ nodes.lookup.body }}`. */
const LONE_VARIABLE = /^\s*\{\{-?\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*|\[\d+\])*)\s*-?\}\}\s*$/;

/**
 * A mapping's value: a template that is one variable alone gives that variable's value with its
 * type (a number, an object); any other template gives its text.
 */
export async function renderValue(
  template: string,
  context: TemplateContext | Record<string, unknown>,
): Promise<unknown> {
  const lone = LONE_VARIABLE.exec(template);
  if (!lone) return renderTemplate(template, context);
  let value: unknown = context;
  for (const part of lone[1]!.split(/\.|\[|\]/).filter(Boolean)) {
    if (value === null || typeof value !== 'object') return null;
    value = Object.hasOwn(value, part) ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value === undefined ? null : value;
}

/** Renders a Liquid template; throws on syntax errors and on output beyond the cap. */
export async function renderTemplate(
  template: string,
  context: TemplateContext | Record<string, unknown>,
): Promise<string> {
  if (!template.includes('{')) return template;
  const parsed = cached(templates, template, () => liquid.parse(template));
  const text = String(await liquid.render(parsed, context));
  if (text.length > TEMPLATE_OUTPUT_CAP) {
    throw new Error(`The template produced more than ${TEMPLATE_OUTPUT_CAP} characters`);
  }
  return text;
}

export interface ExpressionLimits {
  /** Wall-clock time the evaluation may take (checked at each step of the evaluator). */
  timeoutMs?: number;
  /** Deepest nesting of evaluation (guards against runaway recursion). */
  maxDepth?: number;
}

/** A compiled expression with its guard hooks, used by one evaluation at a time. */
interface Guarded {
  expression: jsonata.Expression;
  guard: { started: number; depth: number; timeoutMs: number; maxDepth: number };
}

/** Idle compiled expressions by source (a compiled expression holds per-evaluation state). */
const pools = new Map<string, Guarded[]>();
const POOL_SIZE = 8;

function compile(source: string): Guarded {
  const expression = jsonata(source);
  const guard = { started: 0, depth: 0, timeoutMs: 0, maxDepth: 0 };
  expression.assign(Symbol.for('jsonata.__evaluate_entry') as unknown as string, () => {
    guard.depth++;
    if (guard.depth > guard.maxDepth) {
      throw new Error(`The expression nests deeper than ${guard.maxDepth}`);
    }
    if (Date.now() - guard.started > guard.timeoutMs) {
      throw new Error(`The expression took longer than ${guard.timeoutMs} ms`);
    }
  });
  expression.assign(Symbol.for('jsonata.__evaluate_exit') as unknown as string, () => {
    guard.depth--;
  });
  return { expression, guard };
}

/**
 * Evaluates a JSONata expression over the context, with a time and depth guard (checked at
 * each step of the evaluator; one long built-in call, such as a huge range, is not interrupted).
 */
export async function evaluateExpression(
  expression: string,
  context: TemplateContext | Record<string, unknown>,
  limits: ExpressionLimits = {},
): Promise<unknown> {
  const { timeoutMs = 1_000, maxDepth = 200 } = limits;
  const pool = cached(pools, expression, () => []);
  const guarded = pool.pop() ?? compile(expression);
  Object.assign(guarded.guard, { started: Date.now(), depth: 0, timeoutMs, maxDepth });
  try {
    const value: unknown = await guarded.expression.evaluate(context);
    return normalise(value);
  } catch (error) {
    throw error instanceof Error ? error : new Error(jsonataMessage(error));
  } finally {
    if (pool.length < POOL_SIZE) pool.push(guarded);
  }
}

/** JSONata throws plain objects `{ code, message, position }`. */
function jsonataMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}

/** JSONata marks sequences with extra properties; hand back plain JSON values. */
function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return Array.from(value, normalise);
  if (typeof value === 'function') return null;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
  }
  return value;
}
