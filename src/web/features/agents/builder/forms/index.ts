import type { AgentNode } from '../../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../../shared/schemas/agents';
import type { BuilderModel } from './form-context';

export { NodeForm } from './NodeForm';
export type { BuilderModel } from './form-context';

export interface NodeFormProps {
  node: AgentNode;
  /** Called with the node's whole new `data` on every change (the builder autosaves, debounced). */
  onChange: (data: AgentNode['data']) => void;
  /** Names this node's templates and expressions may use: 'input.message', 'nodes.query.rows', … */
  variables: string[];
  readOnly: boolean;
  /** This node's validation problems; each is shown on its field (by `field`), others on top. */
  problems: AgentGraphProblem[];
  /** The try-builder's model: model steps use it and show no provider picker. */
  builderModel?: BuilderModel;
}
