import { useCallback, useReducer } from 'react';
import type { AgentGraph } from '../../../../shared/schemas/agent-graph';

const LIMIT = 100;

interface History {
  graph: AgentGraph;
  past: AgentGraph[];
  future: AgentGraph[];
  /** The last change's coalescing key: changes with the same key in a row are one undo step. */
  lastKey: string | null;
  /** Bumped on every change, so autosave sees edits that end where they began. */
  version: number;
}

type Action =
  | { type: 'change'; graph: AgentGraph; key?: string; record: boolean }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; graph: AgentGraph };

export function historyReducer(state: History, action: Action): History {
  switch (action.type) {
    case 'change': {
      if (action.graph === state.graph) return state;
      const coalesce = action.key !== undefined && action.key === state.lastKey;
      const past =
        !action.record || coalesce ? state.past : [...state.past, state.graph].slice(-LIMIT);
      return {
        graph: action.graph,
        past,
        future: action.record ? [] : state.future,
        lastKey: action.key ?? null,
        version: state.version + 1,
      };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        graph: previous,
        past: state.past.slice(0, -1),
        future: [state.graph, ...state.future],
        lastKey: null,
        version: state.version + 1,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return {
        graph: next,
        past: [...state.past, state.graph],
        future: rest,
        lastKey: null,
        version: state.version + 1,
      };
    }
    case 'reset':
      return { graph: action.graph, past: [], future: [], lastKey: null, version: 0 };
  }
}

/**
 * The graph being edited with its undo and redo stacks. `change(graph, { key })`: changes with
 * the same key in a row (typing in one field) undo together; `record: false` changes the graph
 * without an undo step (a drag in progress; its end records the step).
 */
export function useGraphHistory(initial: AgentGraph) {
  const [state, dispatch] = useReducer(historyReducer, {
    graph: initial,
    past: [],
    future: [],
    lastKey: null,
    version: 0,
  });
  const change = useCallback(
    (graph: AgentGraph, options: { key?: string; record?: boolean } = {}) =>
      dispatch({ type: 'change', graph, key: options.key, record: options.record ?? true }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const reset = useCallback((graph: AgentGraph) => dispatch({ type: 'reset', graph }), []);
  return {
    graph: state.graph,
    version: state.version,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    change,
    undo,
    redo,
    reset,
  };
}

export type GraphHistory = ReturnType<typeof useGraphHistory>;
