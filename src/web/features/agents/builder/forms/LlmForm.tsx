import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  useDataSourceChoices,
  useProviderChoices,
  type ProviderChoice,
} from '../../api/builder-lookups';
import {
  CodeField,
  FormField,
  JsonField,
  NumberInput,
  SelectInput,
  SwitchInput,
  TextInput,
  textFieldBinding,
} from './fields';
import { useNodeFormContext, type BuilderModel } from './form-context';
import { FieldGroup, RowList } from './rows';

const MAX_TOOLS = 20;
const STARTER_SCHEMA = {
  type: 'object',
  properties: { answer: { type: 'string' } },
  required: ['answer'],
};

/** The organisation's providers by name; choosing one fills an empty model with its default. */
function ProviderField({ providers }: { providers: ReturnType<typeof useProviderChoices> }) {
  const { t } = useTranslation();
  const { getValues, setValue } = useFormContext();
  const choices = providers.data ?? [];
  const hint = providers.isError
    ? t('builderForms.lookupFailed')
    : providers.isSuccess && choices.length === 0
      ? t('builderForms.llm.noProviders')
      : t('builderForms.llm.providerHelp');
  return (
    <FormField
      name="providerId"
      helper={hint}
      render={(bound) => {
        const { field } = bound;
        const value = (field.value as string | undefined) ?? '';
        const known = choices.some((provider) => provider.id === value);
        return (
          <TextField
            select
            label={t('builderForms.llm.provider')}
            value={value}
            onChange={(event) => {
              const id = event.target.value;
              field.onChange(id);
              const model = choices.find((provider) => provider.id === id)?.defaultModel;
              if (model && !getValues('model')) {
                setValue('model', model, { shouldDirty: true, shouldValidate: true });
              }
            }}
            {...textFieldBinding(bound)}
            required
          >
            {choices.map((provider) => (
              <MenuItem key={provider.id} value={provider.id}>
                {provider.name}
              </MenuItem>
            ))}
            {value && !known ? (
              <MenuItem value={value}>
                {providers.isLoading
                  ? t('builderForms.loading')
                  : t('builderForms.llm.unknownProvider')}
              </MenuItem>
            ) : null}
          </TextField>
        );
      }}
    />
  );
}

/** The chosen provider's models to pick from, or any name typed in. */
function ModelField({ provider }: { provider: ProviderChoice | undefined }) {
  const { t } = useTranslation();
  return (
    <FormField
      name="model"
      helper={t('builderForms.llm.modelHelp')}
      render={({ field, feedback: { error, text }, readOnly }) => {
        const value = (field.value as string | undefined) ?? '';
        return (
          <Autocomplete
            freeSolo
            options={provider?.models ?? []}
            value={value}
            inputValue={value}
            onInputChange={(_event, typed) => field.onChange(typed)}
            onChange={(_event, chosen) => field.onChange(chosen ?? '')}
            disabled={readOnly}
            readOnly={readOnly}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('builderForms.llm.model')}
                size="small"
                required
                error={error}
                helperText={text}
                inputRef={field.ref}
                onBlur={field.onBlur}
              />
            )}
          />
        );
      }}
    />
  );
}

/** The data sources the model may query as tools. */
function DataSourceTools() {
  const { t } = useTranslation();
  const sources = useDataSourceChoices();
  const choices = sources.data ?? [];
  return (
    <FormField
      name="tools.dataSourceIds"
      helper={
        sources.isError ? t('builderForms.lookupFailed') : t('builderForms.llm.toolSourcesHelp')
      }
      within
      render={({ field, feedback: { error, text }, readOnly }) => {
        const ids = (field.value as string[] | undefined) ?? [];
        const nameOf = (id: string) =>
          choices.find((source) => source.id === id)?.name ?? t('builderForms.query.unknownSource');
        return (
          <Autocomplete
            multiple
            options={choices.map((source) => source.id)}
            getOptionLabel={nameOf}
            value={ids}
            onChange={(_event, next) => field.onChange(next)}
            disabled={readOnly}
            readOnly={readOnly}
            filterSelectedOptions
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('builderForms.llm.toolSources')}
                size="small"
                error={error}
                helperText={text}
                inputRef={field.ref}
                onBlur={field.onBlur}
              />
            )}
          />
        );
      }}
    />
  );
}

function HttpTools() {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({
    control,
    name: 'tools.http',
    keyName: 'key',
  });
  return (
    <FieldGroup
      title={t('builderForms.llm.httpTools')}
      helper={t('builderForms.llm.httpToolsHelp')}
    >
      <RowList
        keys={fields.map((row) => row.key)}
        itemName={(number) => t('builderForms.llm.httpToolN', { number })}
        onRemove={remove}
        addLabel={t('builderForms.llm.addHttpTool')}
        max={MAX_TOOLS}
        onAdd={() =>
          append({ name: `tool_${fields.length + 1}`, description: '', method: 'GET', url: '' })
        }
      >
        {(index) => {
          const base = `tools.http.${index}`;
          return (
            <>
              <TextInput
                name={`${base}.name`}
                label={t('builderForms.llm.toolName')}
                helper={t('builderForms.llm.toolNameHelp')}
                formatMessage={t('builderForms.llm.toolNameFormat')}
                required
                ltr
              />
              <TextInput
                name={`${base}.description`}
                label={t('builderForms.llm.toolDescription')}
                helper={t('builderForms.llm.toolDescriptionHelp')}
                multiline
              />
              <SelectInput
                name={`${base}.method`}
                label={t('builderForms.llm.toolMethod')}
                options={['GET', 'POST'].map((value) => ({ value, label: value }))}
              />
              <CodeField
                name={`${base}.url`}
                language="template"
                label={t('builderForms.llm.toolUrl')}
                helper={t('builderForms.llm.toolUrlHelp')}
                minLines={1}
                maxLines={3}
              />
            </>
          );
        }}
      </RowList>
    </FieldGroup>
  );
}

/** A workspace's model step: one of the organisation's providers and one of its models. */
function ProviderAndModel() {
  const { control } = useFormContext();
  const providers = useProviderChoices();
  const providerId = useWatch({ control, name: 'providerId' }) as string | undefined;
  const provider = providers.data?.find((choice) => choice.id === providerId);
  return (
    <>
      <ProviderField providers={providers} />
      <ModelField provider={provider} />
    </>
  );
}

/**
 * The try-builder's model step: no providers (a visitor has no organisation); which model the
 * builder calls, and a model name typed freely (for an own endpoint it overrides the builder's).
 */
function BuilderModelFields({ model }: { model: BuilderModel }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity="info">
        {model.kind === 'own'
          ? t('builderForms.llm.builderModel.own', { model: model.model })
          : model.kind === 'demo'
            ? t('builderForms.llm.builderModel.demo', { model: model.model })
            : t('builderForms.llm.builderModel.none')}
      </Alert>
      <TextInput
        name="model"
        label={t('builderForms.llm.model')}
        helper={
          model.kind === 'demo'
            ? t('builderForms.llm.builderModel.modelDemoHelp')
            : t('builderForms.llm.builderModel.modelHelp')
        }
        ltr
      />
    </>
  );
}

export function LlmForm() {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext();
  const { builderModel } = useNodeFormContext();
  const jsonSchema = useWatch({ control, name: 'jsonSchema' }) as object | undefined;
  return (
    <Stack spacing={2}>
      {builderModel ? <BuilderModelFields model={builderModel} /> : <ProviderAndModel />}
      <CodeField
        name="system"
        language="template"
        label={t('builderForms.llm.system')}
        helper={t('builderForms.llm.systemHelp')}
        minLines={3}
        maxLines={16}
      />
      <CodeField
        name="prompt"
        language="template"
        label={t('builderForms.llm.prompt')}
        helper={t('builderForms.llm.promptHelp', { example: '{{ input.message }}' })}
        minLines={4}
        maxLines={20}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <NumberInput
          name="temperature"
          label={t('builderForms.llm.temperature')}
          helper={t('builderForms.llm.temperatureHelp')}
          min={0}
          max={2}
          step={0.1}
        />
        <NumberInput
          name="maxTokens"
          label={t('builderForms.llm.maxTokens')}
          helper={t('builderForms.llm.maxTokensHelp')}
          min={1}
          max={200_000}
        />
      </Stack>
      <SwitchInput
        checked={jsonSchema !== undefined}
        onChange={(on) =>
          setValue('jsonSchema', on ? STARTER_SCHEMA : undefined, {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
        label={t('builderForms.llm.jsonOutput')}
        helper={t('builderForms.llm.jsonOutputHelp')}
      />
      {jsonSchema !== undefined ? (
        <JsonField
          name="jsonSchema"
          label={t('builderForms.llm.jsonSchema')}
          helper={t('builderForms.llm.jsonSchemaHelp')}
        />
      ) : null}
      <FieldGroup title={t('builderForms.llm.tools')} helper={t('builderForms.llm.toolsHelp')}>
        <DataSourceTools />
        <HttpTools />
        <NumberInput
          name="maxToolRounds"
          label={t('builderForms.llm.maxToolRounds')}
          helper={t('builderForms.llm.maxToolRoundsHelp')}
          min={0}
          max={20}
        />
      </FieldGroup>
    </Stack>
  );
}
