import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HELP_NOTE_MAX_LENGTH,
  HELP_REQUEST_STATUSES,
  helpRequestUpdateSchema,
  type HelpRequestStatus,
} from '../../../../shared/schemas/admin';
import { formatDateTime } from '../../../lib/format';
import { useUpdateHelpRequest, type AdminHelpRequest } from '../api/admin';
import { fieldMessageText } from '../../../lib/error-text';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDialog } from '../../../components/FormDialog';

/** The whole request, with its status (open or resolved) and the team's note. */
export function HelpRequestDialog({
  request,
  onClose,
}: {
  request: AdminHelpRequest;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const statusId = useId();
  const update = useUpdateHelpRequest();
  const [status, setStatus] = useState<HelpRequestStatus>(request.status);
  const [note, setNote] = useState(request.note ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);

  const save = () => {
    const parsed = helpRequestUpdateSchema.safeParse({ status, note: note.trim() || null });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    update.mutate(
      { id: request.id, update: parsed.data },
      {
        onSuccess: () => {
          enqueueSnackbar(t('admin.help.saved'), { variant: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={save}
      pending={update.isPending}
      title={t('admin.help.dialogTitle')}
      submitLabel={t('common.save')}
    >
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('admin.help.fromUser', {
            name: request.user.name,
            email: request.user.email,
            time: formatDateTime(request.created_at, i18n.language),
          })}
        </Typography>
        <Typography
          sx={{
            mt: 1,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {request.issue_description}
        </Typography>
      </Box>
      <FormControl>
        <FormLabel id={statusId}>{t('admin.help.status')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={statusId}
          value={status}
          onChange={(event) => setStatus(event.target.value as HelpRequestStatus)}
        >
          {HELP_REQUEST_STATUSES.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={t(`admin.help.statuses.${value}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label={t('admin.help.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={3}
        error={invalid !== null}
        helperText={
          fieldMessageText(t, invalid ?? undefined) ??
          t('admin.help.noteHelp', { max: HELP_NOTE_MAX_LENGTH })
        }
        slotProps={{ htmlInput: { maxLength: HELP_NOTE_MAX_LENGTH } }}
      />
      <ErrorAlert error={update.error} />
    </FormDialog>
  );
}
