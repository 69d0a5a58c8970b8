import { ELSE_HANDLE, type NodeOfType } from '../../schemas/agent-graph.ts';
import { evaluateExpression, templateContext } from '../templates.ts';
import type { Executor } from '../types.ts';

/**
 * The condition step: the first case whose expression is true (JSONata truthiness is not used:
 * only `true` counts) chooses the branch, else `else`. Output `{ case }`; the engine follows
 * the handle of that id.
 */
export const conditionExecutor: Executor<NodeOfType<'condition'>> = async (node, ctx) => {
  const context = templateContext(ctx);
  for (const c of node.data.cases) {
    if ((await evaluateExpression(c.expression, context)) === true) {
      return { output: { case: c.id } };
    }
  }
  return { output: { case: ELSE_HANDLE } };
};
