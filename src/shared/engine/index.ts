/** The agent engine (AGENTS.md, "The engine"): isomorphic, no Node API. */
export { runGraph, defaultSleep } from './run-graph.ts';
export { renderTemplate, evaluateExpression, templateContext } from './templates.ts';
export type { TemplateContext, ExpressionLimits } from './templates.ts';
export { pureExecutors } from './executors/index.ts';
export type * from './types.ts';
export { validateGraph, sourceHandles } from './validate.ts';
export type { GraphProblem } from './validate.ts';
export { diffGraphs, isEmptyDiff } from './graph-diff.ts';
export type { EdgeRef, FieldChange, GraphDiff, NodeChange } from './graph-diff.ts';
