import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import type { AgentGraphProblem } from '../../../../../shared/schemas/agents';
import { problemText } from './node-data';

/**
 * Where a model step's call goes in the try-builder, which has no organisation and so no
 * providers: the visitor's own endpoint (its model), the instance's demo model, or none yet.
 */
export type BuilderModel =
  { kind: 'own'; model: string } | { kind: 'demo'; model: string } | { kind: 'none' };

/** What every field of a node form needs besides its value. */
export interface NodeFormContextValue {
  readOnly: boolean;
  /** Names the templates and expressions may use (completion). */
  variables: string[];
  problems: AgentGraphProblem[];
  /** Set in the try-builder: model steps use it rather than an organisation's provider. */
  builderModel?: BuilderModel;
}

export const NodeFormContext = createContext<NodeFormContextValue>({
  readOnly: false,
  variables: [],
  problems: [],
});

export const useNodeFormContext = () => useContext(NodeFormContext);

export interface FieldFeedback {
  error: boolean;
  /** The error or problem to show, else the field's helper line. */
  text: string | undefined;
}

/**
 * The line under a field: its zod error (as typed), else a validation problem of the graph on
 * it (`within`: also problems on its parts, e.g. `json.answer` on `json`), else its helper.
 */
export function useFieldFeedback() {
  const { t } = useTranslation();
  const { problems } = useNodeFormContext();
  return (
    name: string,
    error: FieldError | undefined,
    helper?: string,
    options: { formatMessage?: string; within?: boolean } = {},
  ): FieldFeedback => {
    if (error) {
      const text =
        error.type === 'invalid_format' && options.formatMessage
          ? options.formatMessage
          : error.message;
      return { error: true, text };
    }
    const problem = problems.find(
      (p) => p.field === name || (options.within === true && p.field?.startsWith(`${name}.`)),
    );
    if (problem) return { error: true, text: problemText(t, problem) };
    return { error: false, text: helper };
  };
}
