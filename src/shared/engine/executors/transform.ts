import type { NodeOfType } from '../../schemas/agent-graph.ts';
import { evaluateExpression, templateContext } from '../templates.ts';
import type { Executor } from '../types.ts';

/** The transform step: a JSONata expression over the run context; its value is the output. */
export const transformExecutor: Executor<NodeOfType<'transform'>> = async (node, ctx) => ({
  output: await evaluateExpression(node.data.expression, templateContext(ctx)),
});
