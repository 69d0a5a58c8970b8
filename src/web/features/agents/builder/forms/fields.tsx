/**
 * The node forms' fields, bound to the form by name (useFormContext): each shows its label, its
 * helper line, and in its place the zod error or the graph problem that concerns it; all are
 * disabled or read-only when the form is.
 */
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import {
  Controller,
  useFormContext,
  useWatch,
  type ControllerRenderProps,
  type FieldValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeEditor, type CodeLanguage } from '../../../../components/code-editor';
import { useFieldFeedback, useNodeFormContext, type FieldFeedback } from './form-context';

interface BaseProps {
  name: string;
  label: string;
  helper?: string;
  /** Shown instead of zod's text when the value does not match the field's pattern. */
  formatMessage?: string;
}

/** What a bound field draws with: the form's binding, the line under it, and read-only. */
export interface BoundField {
  field: ControllerRenderProps<FieldValues, string>;
  feedback: FieldFeedback;
  readOnly: boolean;
}

/**
 * Binds a field to the form by name and works out the line under it: its zod error, else the
 * graph problem on it (`within`: or on its parts), else its helper.
 */
export function FormField({
  name,
  helper,
  formatMessage,
  within,
  render,
}: Omit<BaseProps, 'label'> & {
  within?: boolean;
  render: (bound: BoundField) => ReactElement;
}) {
  const { control } = useFormContext();
  const { readOnly } = useNodeFormContext();
  const feedback = useFieldFeedback();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) =>
        render({
          field,
          feedback: feedback(name, fieldState.error, helper, { formatMessage, within }),
          readOnly,
        })
      }
    />
  );
}

/** The props that bind a MUI TextField to its form field: value aside, the same for all. */
export function textFieldBinding({ field, feedback, readOnly }: BoundField) {
  return {
    onBlur: field.onBlur,
    inputRef: field.ref,
    size: 'small' as const,
    fullWidth: true,
    disabled: readOnly,
    error: feedback.error,
    helperText: feedback.text,
  };
}

/** A one-line (or multi-line) plain text field. */
export function TextInput({
  name,
  label,
  helper,
  formatMessage,
  multiline = false,
  required = false,
  ltr = false,
  optional = false,
}: BaseProps & {
  multiline?: boolean;
  required?: boolean;
  ltr?: boolean;
  /** An empty field removes the setting (rather than storing ""). */
  optional?: boolean;
}) {
  return (
    <FormField
      name={name}
      helper={helper}
      formatMessage={formatMessage}
      render={(bound) => (
        <TextField
          label={label}
          value={(bound.field.value as string | undefined) ?? ''}
          onChange={(event) =>
            bound.field.onChange(
              optional && event.target.value === '' ? undefined : event.target.value,
            )
          }
          {...textFieldBinding(bound)}
          required={required}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          slotProps={ltr ? { htmlInput: { dir: 'ltr', spellCheck: false } } : undefined}
        />
      )}
    />
  );
}

/**
 * A number field whose empty value is `undefined` (the setting's default). The text is kept as
 * typed ("0." on the way to "0.5"); the value follows whenever the text is a number.
 */
export function NumberInput({
  name,
  label,
  helper,
  min,
  max,
  step,
  placeholder,
}: BaseProps & { min?: number; max?: number; step?: number; placeholder?: string }) {
  const { control } = useFormContext();
  const value = useWatch({ control, name }) as number | undefined;
  const [text, setText] = useState(value === undefined ? '' : String(value));
  // A value set from outside (undo, another node) replaces the text.
  const shownValue = text.trim() === '' ? undefined : Number(text);
  if (shownValue !== value && !(Number.isNaN(shownValue) && value === undefined)) {
    setText(value === undefined ? '' : String(value));
  }
  return (
    <FormField
      name={name}
      helper={helper}
      render={(bound) => (
        <TextField
          label={label}
          type="number"
          value={text}
          onChange={(event) => {
            const typed = event.target.value;
            setText(typed);
            const number = typed.trim() === '' ? undefined : Number(typed);
            if (number === undefined || Number.isFinite(number)) bound.field.onChange(number);
          }}
          {...textFieldBinding(bound)}
          placeholder={placeholder}
          slotProps={{ htmlInput: { min, max, step, dir: 'ltr' } }}
        />
      )}
    />
  );
}

/** A choice among a fixed set (or the given options). */
export function SelectInput({
  name,
  label,
  helper,
  options,
  required = false,
}: BaseProps & {
  options: { value: string; label: string }[];
  required?: boolean;
}) {
  return (
    <FormField
      name={name}
      helper={helper}
      render={(bound) => (
        <TextField
          select
          label={label}
          value={(bound.field.value as string | undefined) ?? ''}
          onChange={(event) => bound.field.onChange(event.target.value)}
          {...textFieldBinding(bound)}
          required={required}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** An on/off setting with its helper line. */
export function SwitchInput({
  checked,
  onChange,
  label,
  helper,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  helper?: ReactNode;
}) {
  const { readOnly } = useNodeFormContext();
  const helperId = useId();
  return (
    <FormControl>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            disabled={readOnly}
            slotProps={{ input: { 'aria-describedby': helper ? helperId : undefined } }}
          />
        }
        label={label}
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}

/** A template, JSONata or SQL field in the shared code editor, with completion. */
export function CodeField({
  name,
  label,
  helper,
  language,
  schema,
  minLines,
  maxLines,
  placeholder,
  within = false,
}: BaseProps & {
  language: Exclude<CodeLanguage, 'json'>;
  schema?: Record<string, string[]>;
  minLines?: number;
  maxLines?: number;
  placeholder?: string;
  within?: boolean;
}) {
  const { variables } = useNodeFormContext();
  return (
    <FormField
      name={name}
      helper={helper}
      within={within}
      render={({ field, feedback: { error, text }, readOnly }) => (
        <CodeEditor
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          language={language}
          label={label}
          variables={variables}
          schema={schema}
          minLines={minLines}
          maxLines={maxLines}
          readOnly={readOnly}
          error={error ? text : undefined}
          helperText={error ? undefined : text}
          placeholder={placeholder}
        />
      )}
    />
  );
}

const asText = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * A JSON object in the code editor: parsed on every change; while the text does not parse (or
 * is not an object) it stays as typed, the value keeps its last good state, and the error shows.
 */
export function JsonField({
  name,
  label,
  helper,
  within = false,
}: BaseProps & { within?: boolean }) {
  const { t } = useTranslation();
  const { watch } = useFormContext();
  const value: unknown = watch(name);
  const [text, setText] = useState(() => asText(value));
  const [parseError, setParseError] = useState<string | null>(null);
  const lastGood = useRef(JSON.stringify(value));

  // A value set from outside (undo, a new node) replaces the text.
  useEffect(() => {
    const serialised = JSON.stringify(value);
    if (serialised !== lastGood.current) {
      lastGood.current = serialised;
      setText(asText(value));
      setParseError(null);
    }
  }, [value]);

  return (
    <FormField
      name={name}
      helper={helper}
      within={within}
      render={({ field, feedback: shown, readOnly }) => {
        const onChange = (next: string) => {
          setText(next);
          let parsed: unknown;
          try {
            parsed = JSON.parse(next);
          } catch (error) {
            setParseError(
              t('builderForms.errors.json', {
                detail: error instanceof Error ? error.message : '',
              }),
            );
            return;
          }
          if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
            setParseError(t('builderForms.errors.jsonObject'));
            return;
          }
          setParseError(null);
          lastGood.current = JSON.stringify(parsed);
          field.onChange(parsed);
        };
        const error = parseError ?? (shown.error ? shown.text : undefined);
        return (
          <CodeEditor
            value={text}
            onChange={onChange}
            language="json"
            label={label}
            minLines={4}
            maxLines={16}
            readOnly={readOnly}
            error={error}
            helperText={error ? undefined : shown.text}
          />
        );
      }}
    />
  );
}
