import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { IconCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Controller, useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PROJECT_COLOURS,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_ICONS,
  PROJECT_MESSAGES,
  PROJECT_STATUSES,
  projectCreateSchema,
} from '../../../../shared/schemas/projects';
import { ApiError } from '../../../lib/api';
import { muiRegister } from '../../../lib/forms';
import { useCreateProject, useUpdateProject, type Project } from '../api/projects';
import { fieldMessageText } from '../../../lib/error-text';
import {
  hasChanges,
  projectChanges,
  projectFormValues,
  type ProjectFormOutput,
  type ProjectFormValues,
} from '../form';
import { PROJECT_ICON_COMPONENTS, safeColour } from './ProjectVisuals';
import { SelectField } from '../../../components/SelectField';

/** Locale keys of the palette's colours (same order as PROJECT_COLOURS). */
const COLOUR_NAMES = {
  '#7367F0': 'projects.colours.purple',
  '#28C76F': 'projects.colours.green',
  '#FF9F43': 'projects.colours.orange',
  '#FF4C51': 'projects.colours.red',
  '#00BAD1': 'projects.colours.cyan',
  '#808390': 'projects.colours.grey',
  '#E83E8C': 'projects.colours.pink',
  '#0D9394': 'projects.colours.teal',
} as const satisfies Record<(typeof PROJECT_COLOURS)[number], string>;

const FIELDS = ['name', 'description', 'colour', 'icon', 'status'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

export type ProjectForm = UseFormReturn<ProjectFormValues, unknown, ProjectFormOutput>;

/**
 * The create or edit form of a project, validated with the shared schema. A server answer
 * about a field (409 name taken, a field the server refused) is shown on that field; any
 * other failure comes back as `error` for an alert.
 */
export function useProjectForm({
  project,
  onSaved,
}: {
  /** The project to edit; none to create one. */
  project?: Project | null | undefined;
  /** After a save (`changed` is false when the edit changed nothing). */
  onSaved: (project: Project, changed: boolean) => void;
}) {
  const create = useCreateProject();
  const update = useUpdateProject();
  const form: ProjectForm = useForm<ProjectFormValues, unknown, ProjectFormOutput>({
    // The form always holds every field; the schema's defaults only matter to the API.
    resolver: zodResolver(projectCreateSchema) as Resolver<
      ProjectFormValues,
      unknown,
      ProjectFormOutput
    >,
    defaultValues: projectFormValues(project),
  });
  const [error, setError] = useState<unknown>(null);

  const onError = (failure: unknown) => {
    if (failure instanceof ApiError) {
      if (failure.status === 409 || failure.message === PROJECT_MESSAGES.nameTaken) {
        form.setError('name', { message: PROJECT_MESSAGES.nameTaken }, { shouldFocus: true });
        return;
      }
      const fields = Object.entries(failure.fields ?? {}).filter(([name]) => isField(name));
      if (fields.length > 0) {
        for (const [name, messages] of fields) {
          if (isField(name)) form.setError(name, { message: messages?.[0] ?? failure.message });
        }
        return;
      }
    }
    setError(failure);
  };

  const submit = form.handleSubmit((values) => {
    setError(null);
    if (!project) {
      create.mutate(values, { onSuccess: (created) => onSaved(created, true), onError });
      return;
    }
    const changes = projectChanges(project, values);
    if (!hasChanges(changes)) {
      onSaved(project, false);
      return;
    }
    update.mutate(
      { id: project.id, changes },
      { onSuccess: (updated) => onSaved(updated, true), onError },
    );
  });

  /** Back to the project's values (or empty), without errors. */
  const reset = (next?: Project | null) => {
    form.reset(projectFormValues(next === undefined ? project : next));
    setError(null);
    create.reset();
    update.reset();
  };

  return {
    form,
    submit,
    reset,
    error,
    pending: create.isPending || update.isPending,
  };
}

/** The fields of the project form: name, description, colour, icon and status. */
export function ProjectFormFields({
  form,
  autoFocus = false,
}: {
  form: ProjectForm;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const description = watch('description') ?? '';
  const colour = watch('colour');

  return (
    <Stack spacing={2.5}>
      <TextField
        {...muiRegister(register('name'))}
        label={t('projects.fields.name')}
        required
        autoFocus={autoFocus}
        autoComplete="off"
        error={errors.name !== undefined}
        helperText={fieldMessageText(t, errors.name?.message)}
      />
      <TextField
        {...muiRegister(register('description'))}
        label={t('projects.fields.description')}
        multiline
        minRows={3}
        maxRows={8}
        error={errors.description !== undefined}
        helperText={
          fieldMessageText(t, errors.description?.message) ??
          t('projects.fields.descriptionCount', {
            count: description.length,
            max: PROJECT_DESCRIPTION_MAX,
          })
        }
        slotProps={{ htmlInput: { maxLength: PROJECT_DESCRIPTION_MAX } }}
      />
      <Controller
        control={control}
        name="colour"
        render={({ field, fieldState }) => (
          <ColourPicker
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldMessageText(t, fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="icon"
        render={({ field, fieldState }) => (
          <IconPicker
            value={field.value}
            colour={colour}
            onChange={field.onChange}
            error={fieldMessageText(t, fieldState.error?.message)}
          />
        )}
      />
      <SelectField
        control={control}
        name="status"
        label={t('projects.fields.status')}
        options={PROJECT_STATUSES}
        optionLabel={(status) => t(`projects.status.${status}`)}
        helperText={t('projects.fields.statusHelp')}
      />
    </Stack>
  );
}

function Swatch({ colour, checked }: { colour: string; checked: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        width: 28,
        height: 28,
        borderRadius: '50%',
        bgcolor: colour,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'common.white',
        boxShadow: checked
          ? (theme) => `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${colour}`
          : 'none',
      }}
    >
      {checked ? <IconCheck size={16} stroke={3} aria-hidden /> : null}
    </Box>
  );
}

/** The palette as radio buttons, and a custom #rrggbb colour (typed, or from the system picker). */
function ColourPicker({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const selected = PROJECT_COLOURS.find((colour) => colour === value.trim().toUpperCase()) ?? '';
  const valid = /^#[0-9a-f]{6}$/i.test(value.trim());
  return (
    <FormControl component="fieldset" error={error !== undefined}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
        {t('projects.fields.colour')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={selected}
        onChange={(event) => onChange(event.target.value)}
        sx={{ gap: 0.25 }}
      >
        {PROJECT_COLOURS.map((colour) => {
          const name = t(COLOUR_NAMES[colour]);
          return (
            <Tooltip key={colour} title={name} describeChild>
              <Radio
                value={colour}
                icon={<Swatch colour={colour} checked={false} />}
                checkedIcon={<Swatch colour={colour} checked />}
                slotProps={{ input: { 'aria-label': name } }}
                sx={{ p: 0.75 }}
              />
            </Tooltip>
          );
        })}
      </RadioGroup>
      <TextField
        size="small"
        label={t('projects.fields.colourCustom')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        error={error !== undefined}
        sx={{ mt: 1.5, maxWidth: 240 }}
        slotProps={{
          htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'off', maxLength: 7 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box
                  component="input"
                  type="color"
                  aria-label={t('projects.fields.colourPicker')}
                  value={valid ? value.trim().toLowerCase() : safeColour('').toLowerCase()}
                  onChange={(event) => onChange(event.target.value.toUpperCase())}
                  sx={{
                    width: 28,
                    height: 28,
                    p: 0,
                    border: 0,
                    bgcolor: 'transparent',
                    cursor: 'pointer',
                  }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      <FormHelperText>{error ?? t('projects.fields.colourHelp')}</FormHelperText>
    </FormControl>
  );
}

/** The offered icons as radio buttons, each named in the user's language. */
function IconPicker({
  value,
  colour,
  onChange,
  error,
}: {
  value: string;
  colour: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const main = safeColour(colour.trim());
  return (
    <FormControl component="fieldset" error={error !== undefined}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
        {t('projects.fields.icon')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sx={{ gap: 0.5 }}
      >
        {PROJECT_ICONS.map((icon) => {
          const Component = PROJECT_ICON_COMPONENTS[icon];
          const name = t(`projects.icons.${icon}`);
          const box = (checked: boolean) => (
            <Box
              component="span"
              sx={{
                width: 36,
                height: 36,
                borderRadius: 1,
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                border: 1,
                borderColor: checked ? main : 'divider',
                color: checked ? main : 'text.secondary',
                bgcolor: checked ? alpha(main, 0.14) : 'transparent',
              }}
            >
              <Component size={20} aria-hidden />
            </Box>
          );
          return (
            <Tooltip key={icon} title={name} describeChild>
              <Radio
                value={icon}
                icon={box(false)}
                checkedIcon={box(true)}
                slotProps={{ input: { 'aria-label': name } }}
                sx={{ p: 0.25 }}
              />
            </Tooltip>
          );
        })}
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
