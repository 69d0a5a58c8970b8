import type { NodeOfType } from '../../schemas/agent-graph.ts';
import type { Executor } from '../types.ts';

/** Thrown for inputs that do not match the start step's declaration. */
export class InputError extends Error {}

function coerce(name: string, type: string, value: unknown): unknown {
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      break;
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
        return Number(value);
      }
      break;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      break;
    default:
      return value;
  }
  throw new InputError(`Input "${name}" must be a ${type}`);
}

/**
 * The start step: checks the inputs against its declaration and returns them. Chat mode takes
 * `message` (required text) and `history` (a list, empty by default).
 */
export const startExecutor: Executor<NodeOfType<'start'>> = async (node, ctx) => {
  const inputs = ctx.inputs;
  if (node.data.mode === 'chat') {
    if (typeof inputs.message !== 'string' || inputs.message === '') {
      throw new InputError('Input "message" is required');
    }
    const history = inputs.history ?? [];
    if (!Array.isArray(history)) throw new InputError('Input "history" must be a list');
    return { output: { ...inputs, message: inputs.message, history } };
  }
  const output: Record<string, unknown> = { ...inputs };
  for (const field of node.data.inputs) {
    const value = inputs[field.name];
    if (value === undefined || value === null || value === '') {
      if (field.required) throw new InputError(`Input "${field.name}" is required`);
      output[field.name] = null;
      continue;
    }
    output[field.name] = coerce(field.name, field.type, value);
  }
  return { output };
};
