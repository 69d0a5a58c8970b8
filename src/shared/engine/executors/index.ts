/** The pure executors, the same in the browser and on the server. */
import type { Executors } from '../types.ts';
import { conditionExecutor } from './condition.ts';
import { outputExecutor } from './output.ts';
import { startExecutor } from './start.ts';
import { transformExecutor } from './transform.ts';

export { conditionExecutor, outputExecutor, startExecutor, transformExecutor };
export { InputError } from './start.ts';

export const pureExecutors = {
  start: startExecutor,
  transform: transformExecutor,
  condition: conditionExecutor,
  output: outputExecutor,
} satisfies Executors;
