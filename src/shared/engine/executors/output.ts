import type { NodeOfType } from '../../schemas/agent-graph.ts';
import {
  renderTemplate,
  renderValue,
  templateContext,
  type TemplateContext,
} from '../templates.ts';
import type { Executor } from '../types.ts';

/**
 * Renders every string of a JSON mapping as a template (one variable alone keeps its type);
 * other values stay as they are.
 */
async function renderMapping(value: unknown, context: TemplateContext): Promise<unknown> {
  if (typeof value === 'string') return renderValue(value, context);
  if (Array.isArray(value)) return Promise.all(value.map((v) => renderMapping(v, context)));
  if (typeof value === 'object' && value !== null) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([k, v]) => [k, await renderMapping(v, context)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/** The output step: the reply, a text template (chat) or a JSON mapping of templates (API). */
export const outputExecutor: Executor<NodeOfType<'output'>> = async (node, ctx) => {
  const context = templateContext(ctx);
  if (node.data.mode === 'json') return { output: await renderMapping(node.data.json, context) };
  return { output: await renderTemplate(node.data.text, context) };
};
