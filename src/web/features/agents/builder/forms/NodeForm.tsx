/**
 * The configuration panel's form of the selected node: one form per node type, checked by the
 * shared zod schema of that type's data as the user types. Every change hands the whole data
 * to `onChange`, also while it is invalid (nothing typed is lost; errors show on the fields).
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NodeType } from '../../../../../shared/schemas/agent-graph';
import { AdvancedSection } from './AdvancedSection';
import { ConditionForm } from './ConditionForm';
import { DatasourceQueryForm } from './DatasourceQueryForm';
import { NodeFormContext } from './form-context';
import { HttpRequestForm } from './HttpRequestForm';
import { LlmForm } from './LlmForm';
import type { NodeFormProps } from './index';
import { ADVANCED_FIELDS, dataSchemaOf, problemText, shownOnField, zodErrorMap } from './node-data';
import { OutputForm } from './OutputForm';
import { SendEmailForm } from './SendEmailForm';
import { StartForm } from './StartForm';
import { TransformForm } from './TransformForm';

const FORMS: Record<NodeType, () => ReactNode> = {
  start: StartForm,
  llm: LlmForm,
  datasource_query: DatasourceQueryForm,
  http_request: HttpRequestForm,
  transform: TransformForm,
  condition: ConditionForm,
  send_email: SendEmailForm,
  output: OutputForm,
};

/** A deep copy: the form keeps mutating its values object, the graph must not see that. */
const snapshot = <T,>(value: T): T => structuredClone(value);

export function NodeForm({
  node,
  onChange,
  variables,
  readOnly,
  problems,
  builderModel,
}: NodeFormProps) {
  const { t } = useTranslation();
  const resolver = useMemo(
    () => zodResolver(dataSchemaOf(node.type), { error: zodErrorMap(t) }) as Resolver<FieldValues>,
    [node.type, t],
  );
  const form = useForm<FieldValues>({
    defaultValues: snapshot(node.data) as FieldValues,
    resolver,
    mode: 'onChange',
  });
  const { reset, trigger, subscribe, getValues } = form;
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  const sent = useRef(JSON.stringify(node.data));

  // Another node, or this node's data changed from outside (undo, redo): start over from it.
  const incoming = JSON.stringify(node.data);
  useEffect(() => {
    if (incoming === sent.current) return;
    sent.current = incoming;
    reset(JSON.parse(incoming) as FieldValues);
    void trigger();
  }, [node.id, incoming, reset, trigger]);

  // Show what is wrong with what is stored at once, not only after a change.
  useEffect(() => {
    void trigger();
  }, [trigger]);

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => {
          const values = snapshot(getValues());
          const serialised = JSON.stringify(values);
          if (serialised === sent.current) return;
          sent.current = serialised;
          latest.current(values as NodeFormProps['node']['data']);
        },
      }),
    [subscribe, getValues],
  );

  const context = useMemo(
    () => ({ readOnly, variables, problems, builderModel }),
    [readOnly, variables, problems, builderModel],
  );
  const onTop = problems.filter((problem) => !shownOnField(node.type, problem));
  const advancedProblem = problems.some((problem) =>
    ADVANCED_FIELDS.includes(problem.field?.split('.')[0] ?? ''),
  );
  const TypeForm = FORMS[node.type];

  return (
    <NodeFormContext.Provider value={context}>
      <FormProvider {...form}>
        <Stack
          component="form"
          spacing={2}
          noValidate
          aria-label={t('builderForms.formLabel', {
            type: t(`builderForms.types.${node.type}.name`),
            id: node.id,
          })}
          onSubmit={(event) => event.preventDefault()}
        >
          <Stack spacing={0.5}>
            <Typography variant="subtitle1" component="h2">
              {t(`builderForms.types.${node.type}.name`)}
              <Typography component="span" variant="body2" color="text.secondary" dir="ltr">
                {' · '}
                {node.id}
              </Typography>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`builderForms.types.${node.type}.description`)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t(`builderForms.types.${node.type}.output`, { ref: `nodes.${node.id}` })}
            </Typography>
          </Stack>
          {readOnly ? <Alert severity="info">{t('builderForms.readOnly')}</Alert> : null}
          {onTop.map((problem, index) => (
            <Alert key={`${problem.code}-${problem.field ?? ''}-${index}`} severity="error">
              {problemText(t, problem)}
            </Alert>
          ))}
          <TypeForm />
          <AdvancedSection open={advancedProblem} />
        </Stack>
      </FormProvider>
    </NodeFormContext.Provider>
  );
}
