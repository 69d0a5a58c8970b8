import type { AgentNode } from '../../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../../shared/schemas/agents';

export { NodeForm } from './NodeForm';

export interface NodeFormProps {
  node: AgentNode;
  /** Called with the node's whole new `data` on every change (the builder autosaves, debounced). */
  onChange: (data: AgentNode['data']) => void;
  /** Names this node's templates and expressions may use: 'input.message', 'nodes.query.rows', … */
  variables: string[];
  readOnly: boolean;
  /** This node's validation problems; each is shown on its field (by `field`), others on top. */
  problems: AgentGraphProblem[];
}
