import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  WHITELIST_MESSAGES,
  WHITELIST_NOTE_MAX_LENGTH,
  whitelistEntryInputSchema,
} from '../../../../shared/schemas/whitelist';
import { ApiError } from '../../../lib/api';
import { muiRegister } from '../../../lib/forms';
import { useAddWhitelistEntry } from '../api/admin';
import { fieldMessageText } from '../../../lib/error-text';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDialog } from '../../../components/FormDialog';

type Values = z.input<typeof whitelistEntryInputSchema>;
type Parsed = z.output<typeof whitelistEntryInputSchema>;

/** Adds an exact e-mail address or a whole `@domain`, with an optional note. */
export function AddWhitelistEntryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddWhitelistEntry();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(whitelistEntryInputSchema),
    defaultValues: { pattern: '', note: '' },
  });

  useEffect(() => {
    if (open) {
      reset({ pattern: '', note: '' });
      add.reset();
    }
    // `add` changes on every render; only a new opening resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);

  const submit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (entry) => {
        enqueueSnackbar(t('admin.whitelist.added', { pattern: entry.pattern }), {
          variant: 'success',
        });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'WHITELIST_ENTRY_EXISTS') {
          setError('pattern', { message: WHITELIST_MESSAGES.duplicate });
        } else if (error instanceof ApiError && error.fields?.pattern) {
          setError('pattern', { message: WHITELIST_MESSAGES.pattern });
        }
      },
    }),
  );

  const fieldError = errors.pattern !== undefined;
  const apiError = add.isError && !fieldError ? add.error : null;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending}
      title={t('admin.whitelist.addTitle')}
      intro={t('admin.whitelist.addBody')}
      submitLabel={t('admin.whitelist.add')}
    >
      <TextField
        {...muiRegister(register('pattern'))}
        label={t('admin.whitelist.pattern')}
        placeholder={t('admin.whitelist.patternPlaceholder')}
        required
        autoFocus
        autoComplete="off"
        error={fieldError}
        helperText={
          fieldMessageText(t, errors.pattern?.message) ?? t('admin.whitelist.patternHelp')
        }
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, maxLength: 254 } }}
      />
      <TextField
        {...muiRegister(register('note'))}
        label={t('admin.whitelist.note')}
        multiline
        minRows={2}
        error={errors.note !== undefined}
        helperText={t('admin.whitelist.noteHelp', { max: WHITELIST_NOTE_MAX_LENGTH })}
        slotProps={{ htmlInput: { maxLength: WHITELIST_NOTE_MAX_LENGTH } }}
      />
      <ErrorAlert error={apiError} />
    </FormDialog>
  );
}
