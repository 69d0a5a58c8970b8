import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  AGENT_DESCRIPTION_MAX,
  AGENT_TEMPLATES,
  agentCreateSchema,
  type AgentTemplate,
} from '../../../../shared/schemas/agents';
import { FormDialog } from '../../../components/FormDialog';
import { RouterLink } from '../../../components/RouterLink';
import { useAbility } from '../../../lib/ability';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { fieldMessageText } from '../../../lib/error-text';
import { muiRegister } from '../../../lib/forms';
import {
  dataSourceOptionsQueryOptions,
  modelProviderOptionsQueryOptions,
  projectOptionsQueryOptions,
  useCreateAgent,
  type Agent,
} from '../api/agents';
import { agentErrorText } from '../errors';
import { TEMPLATE_KEYS, TEMPLATE_NEEDS, templateChoices } from '../templates';

/** The dialog's fields: the create body's card and template, the choices as select values. */
const formSchema = agentCreateSchema.pick({ name: true, description: true }).extend({
  template: z.enum(AGENT_TEMPLATES),
  projectId: z.string(),
  providerId: z.string(),
  model: z.string(),
  dataSourceId: z.string(),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const EMPTY: FormValues = {
  name: '',
  description: '',
  template: 'blank',
  projectId: '',
  providerId: '',
  model: '',
  dataSourceId: '',
};

/** The dialog's own refusal: a template needing a provider while the organisation has none. */
const NEEDS_PROVIDER = Symbol('needs-provider');

const FIELDS = ['name', 'description', 'projectId', 'providerId', 'model', 'dataSourceId'] as const;
const isField = (name: string): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name);

/** "New agent": name, description, project and a template (with its provider, model, source). */
export function CreateAgentDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (agent: Agent) => void;
}) {
  const { t, i18n } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const ability = useAbility();
  const create = useCreateAgent();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema) as Resolver<FormValues, unknown, FormOutput>,
    defaultValues: EMPTY,
  });
  const {
    register,
    control,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const projects = useQuery({ ...projectOptionsQueryOptions(orgId), enabled: open && !!orgId });
  const providers = useQuery({
    ...modelProviderOptionsQueryOptions(orgId),
    enabled: open && !!orgId,
  });
  const sources = useQuery({ ...dataSourceOptionsQueryOptions(orgId), enabled: open && !!orgId });

  const template = watch('template');
  const providerId = watch('providerId');
  const description = watch('description') ?? '';
  const needs = TEMPLATE_NEEDS[template];
  const providerList = providers.data?.items ?? [];
  const noProvider = providers.isSuccess && providerList.length === 0;
  const provider = providerList.find((item) => item.id === providerId);

  // Each opening starts from an empty form.
  useEffect(() => {
    if (!open) return;
    form.reset(EMPTY);
    setError(null);
    create.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // The first provider (and its default model) and the first source are chosen for the user.
  useEffect(() => {
    const first = providerList[0];
    if (needs.provider && !providerId && first) {
      setValue('providerId', first.id);
      setValue('model', first.defaultModel ?? first.models[0]?.id ?? '');
    }
    const firstSource = sources.data?.items[0];
    if (needs.dataSource && !form.getValues('dataSourceId') && firstSource) {
      setValue('dataSourceId', firstSource.id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needs.provider, needs.dataSource, providers.data, sources.data]);

  const submit = form.handleSubmit((values) => {
    setError(null);
    if (TEMPLATE_NEEDS[values.template].provider && noProvider) {
      setError(NEEDS_PROVIDER);
      return;
    }
    create.mutate(
      {
        name: values.name,
        description: values.description,
        projectId: values.projectId || null,
        template: values.template,
        ...templateChoices(values.template, values),
      },
      {
        onSuccess: onCreated,
        onError: (failure) => {
          if (failure instanceof ApiError) {
            const fields = Object.entries(failure.fields ?? {}).filter(([name]) => isField(name));
            for (const [name, messages] of fields) {
              if (isField(name)) form.setError(name, { message: messages?.[0] ?? failure.message });
            }
            if (fields.length > 0) return;
          }
          setError(failure);
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending}
      title={t('agents.create.title')}
      intro={t('agents.create.body')}
      submitLabel={t('agents.create.submit')}
      pendingLabel={t('agents.create.submitting')}
    >
      {error ? (
        <Alert severity="error">
          {error === NEEDS_PROVIDER
            ? t('agents.create.needsProvider')
            : agentErrorText(t, i18n.language, error)}
        </Alert>
      ) : null}
      <TextField
        {...muiRegister(register('name'))}
        label={t('agents.fields.name')}
        required
        autoFocus
        autoComplete="off"
        error={errors.name !== undefined}
        helperText={fieldMessageText(t, errors.name?.message)}
      />
      <TextField
        {...muiRegister(register('description'))}
        label={t('agents.fields.description')}
        multiline
        minRows={2}
        maxRows={6}
        error={errors.description !== undefined}
        helperText={
          fieldMessageText(t, errors.description?.message) ??
          t('agents.fields.descriptionCount', {
            count: description.length,
            max: AGENT_DESCRIPTION_MAX,
          })
        }
        slotProps={{ htmlInput: { maxLength: AGENT_DESCRIPTION_MAX } }}
      />
      <Controller
        control={control}
        name="projectId"
        render={({ field }) => (
          <TextField
            select
            label={t('agents.fields.project')}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.projectId !== undefined}
            helperText={
              fieldMessageText(t, errors.projectId?.message) ?? t('agents.fields.projectHint')
            }
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('agents.fields.noProject')}</MenuItem>
            {(projects.data?.items ?? []).map((project) => (
              <MenuItem key={project.id} value={project.id}>
                {project.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="template"
        render={({ field }) => (
          <TemplatePicker
            value={field.value}
            onChange={field.onChange}
            noProvider={noProvider}
            canOpenOrganization={ability.can('read', 'Organization')}
          />
        )}
      />
      {needs.provider && !noProvider ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="providerId"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label={t('agents.fields.provider')}
                value={providers.isSuccess ? field.value : ''}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  const next = providerList.find((item) => item.id === event.target.value);
                  setValue('model', next?.defaultModel ?? next?.models[0]?.id ?? '');
                }}
                inputRef={field.ref}
                error={errors.providerId !== undefined}
                helperText={fieldMessageText(t, errors.providerId?.message)}
              >
                {providerList.map((item) => (
                  <MenuItem key={item.id} value={item.id}>
                    {item.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="model"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label={t('agents.fields.model')}
                value={provider?.models.some((m) => m.id === field.value) ? field.value : ''}
                onChange={(event) => field.onChange(event.target.value)}
                inputRef={field.ref}
                error={errors.model !== undefined}
                helperText={fieldMessageText(t, errors.model?.message)}
              >
                {(provider?.models ?? []).map((model) => (
                  <MenuItem key={model.id} value={model.id}>
                    {model.id}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      ) : null}
      {needs.dataSource ? (
        sources.isSuccess && sources.data.items.length === 0 ? (
          <Alert severity="info">{t('agents.create.noDataSource')}</Alert>
        ) : (
          <Controller
            control={control}
            name="dataSourceId"
            render={({ field }) => (
              <TextField
                select
                label={t('agents.fields.dataSource')}
                value={sources.isSuccess ? field.value : ''}
                onChange={(event) => field.onChange(event.target.value)}
                inputRef={field.ref}
                error={errors.dataSourceId !== undefined}
                helperText={fieldMessageText(t, errors.dataSourceId?.message)}
              >
                {(sources.data?.items ?? []).map((source) => (
                  <MenuItem key={source.id} value={source.id}>
                    {source.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )
      ) : null}
    </FormDialog>
  );
}

/** The templates as selectable cards (radio buttons); those needing a provider say so. */
function TemplatePicker({
  value,
  onChange,
  noProvider,
  canOpenOrganization,
}: {
  value: AgentTemplate;
  onChange: (value: AgentTemplate) => void;
  noProvider: boolean;
  canOpenOrganization: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        {t('agents.fields.template')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(_event, next) => onChange(next as AgentTemplate)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}
      >
        {AGENT_TEMPLATES.map((template) => {
          const key = TEMPLATE_KEYS[template];
          const blocked = noProvider && TEMPLATE_NEEDS[template].provider;
          const selected = value === template;
          return (
            <Box
              key={template}
              sx={{
                border: 1,
                borderRadius: 1.5,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'action.selected' : undefined,
                opacity: blocked ? 0.85 : 1,
                p: 1.5,
              }}
            >
              <Box
                component="label"
                sx={{
                  display: 'flex',
                  gap: 1,
                  alignItems: 'flex-start',
                  cursor: blocked ? 'default' : 'pointer',
                }}
              >
                <Radio
                  value={template}
                  disabled={blocked}
                  size="small"
                  sx={{ p: 0.5, mt: -0.25 }}
                />
                <Box>
                  <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
                    {t(`agents.templates.${key}.title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" component="span">
                    {t(`agents.templates.${key}.body`)}
                  </Typography>
                </Box>
              </Box>
              {blocked ? (
                <Typography variant="body2" sx={{ mt: 1, color: 'warning.dark' }}>
                  {t('agents.templates.needsProvider')}{' '}
                  {canOpenOrganization ? (
                    <RouterLink to="/organization" search={{ tab: 'providers' }}>
                      {t('agents.templates.addProvider')}
                    </RouterLink>
                  ) : (
                    t('agents.templates.askAdmin')
                  )}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
