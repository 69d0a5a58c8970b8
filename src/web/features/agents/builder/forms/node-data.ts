/**
 * The zod schema of each node type's `data` (taken from the shared graph schema, so the form
 * checks exactly what the server checks), the fields each form shows, and the labels of the
 * problems and errors the forms print.
 */
import type { TFunction } from 'i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import {
  agentNodeSchema,
  type AgentNode,
  type NodeType,
} from '../../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../../shared/schemas/agents';

export type NodeData = AgentNode['data'];

/** The schema of one node type's `data`. */
export function dataSchemaOf(type: NodeType): z.ZodType<NodeData, FieldValues> {
  const option = agentNodeSchema.options.find((candidate) => candidate.shape.type.value === type);
  if (!option) throw new Error(`Unknown node type "${type}"`);
  return option.shape.data as unknown as z.ZodType<NodeData, FieldValues>;
}

const COMMON_FIELDS = ['label', 'timeoutMs', 'retries', 'onError'];

/** The top-level fields each form shows a problem on; a problem on any other is shown on top. */
export const FORM_FIELDS: Record<NodeType, string[]> = {
  start: ['mode', 'inputs'],
  llm: [
    'providerId',
    'model',
    'system',
    'prompt',
    'temperature',
    'maxTokens',
    'jsonSchema',
    'tools',
    'maxToolRounds',
  ],
  datasource_query: ['dataSourceId', 'sql', 'params', 'path', 'filter'],
  http_request: ['method', 'url', 'headers', 'body', 'responseMaxBytes'],
  transform: ['expression'],
  condition: ['cases'],
  send_email: ['to', 'subject', 'body'],
  output: ['mode', 'text', 'json'],
};

/** Whether a problem is shown on one of the form's fields (rather than on top). */
export function shownOnField(type: NodeType, problem: AgentGraphProblem): boolean {
  const head = problem.field?.split('.')[0];
  return head !== undefined && [...FORM_FIELDS[type], ...COMMON_FIELDS].includes(head);
}

export const ADVANCED_FIELDS = COMMON_FIELDS;

/** A validation problem in the user's language (the codes it knows; the server's text otherwise). */
export function problemText(t: TFunction, problem: AgentGraphProblem): string {
  switch (problem.code) {
    case 'required':
      return t('builderForms.problems.required');
    case 'case_ids':
      return t('builderForms.problems.caseIds');
    default:
      return problem.message;
  }
}

/**
 * zod's messages in the user's language (passed to each parse): limits with their numbers,
 * everything else as "check this value". Patterns are labelled by the field (see formatText).
 */
export function zodErrorMap(t: TFunction) {
  return (issue: z.core.$ZodRawIssue): string => {
    const limit = Number(
      'minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : 0,
    );
    switch (issue.code) {
      case 'too_small':
        return issue.origin === 'number'
          ? t('builderForms.errors.min', { min: limit })
          : t('builderForms.errors.minLength', { min: limit });
      case 'too_big':
        return issue.origin === 'number'
          ? t('builderForms.errors.max', { max: limit })
          : issue.origin === 'array'
            ? t('builderForms.errors.maxItems', { max: limit })
            : t('builderForms.errors.maxLength', { max: limit });
      case 'invalid_type':
        return issue.expected === 'int'
          ? t('builderForms.errors.integer')
          : t('builderForms.errors.invalid');
      case 'invalid_format':
        return t('builderForms.errors.format');
      default:
        return t('builderForms.errors.invalid');
    }
  };
}

/** The named parameters (`:name`) of a SQL text, in order, each once; `::type` casts are not. */
export function sqlParameters(sql: string): string[] {
  const names = [...sql.matchAll(/(?<![:\w]):([a-zA-Z_][a-zA-Z0-9_]*)/g)].map((m) => m[1]!);
  return [...new Set(names)];
}
