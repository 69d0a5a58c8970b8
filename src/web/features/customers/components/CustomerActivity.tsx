import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconPlus } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_LIMITS,
  customerNoteSchema,
  type CustomerActivityDto,
} from '../../../../shared/schemas/customers';
import { ActivityDot, ActivityTime } from '../../../components/ActivityDot';
import { customerActivityText } from '../../../lib/customer-activity-text';
import { useAddNote } from '../api/customers';
import { fieldMessageText } from '../../../lib/error-text';
import { useCustomerErrorText } from './common';
import { SubmitForm } from '../../../components/SubmitForm';

export function NoteForm({ customerId, orgId }: { customerId: string; orgId: string | null }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useCustomerErrorText();
  const addNote = useAddNote(orgId);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const parsed = customerNoteSchema.safeParse({ body });
    if (!parsed.success) {
      setProblem(fieldMessageText(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setProblem(null);
    addNote.mutate(
      { id: customerId, body: parsed.data.body },
      {
        onSuccess: () => {
          setBody('');
          enqueueSnackbar(t('customers.note.added'), { variant: 'success' });
        },
      },
    );
  };

  return (
    <SubmitForm onSubmit={submit}>
      <TextField
        label={t('customers.note.label')}
        placeholder={t('customers.note.placeholder')}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          if (problem) setProblem(null);
        }}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        error={!!problem || addNote.isError}
        helperText={problem ?? (addNote.isError ? errorText(addNote.error) : undefined)}
        slotProps={{ htmlInput: { maxLength: CUSTOMER_LIMITS.note } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          size="small"
          startIcon={<IconPlus size={16} aria-hidden />}
          disabled={addNote.isPending}
        >
          {addNote.isPending ? t('customers.note.submitting') : t('customers.note.submit')}
        </Button>
      </Box>
    </SubmitForm>
  );
}

/** The activity timeline, newest first: a list with a line through its dots. */
export function Timeline({ activities }: { activities: readonly CustomerActivityDto[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 2 }}>
        {t('customers.detail.timeline')}
      </Typography>
      {activities.length === 0 ? (
        <Typography color="text.secondary">{t('customers.detail.emptyTimeline')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {activities.map((activity, index) => {
            const last = index === activities.length - 1;
            return (
              <Box
                component="li"
                key={activity.id}
                sx={{ display: 'flex', gap: 1.5, position: 'relative', pb: last ? 0 : 2.5 }}
              >
                {last ? null : (
                  <Box
                    aria-hidden
                    sx={{
                      position: 'absolute',
                      insetInlineStart: 13,
                      top: 30,
                      bottom: 2,
                      borderInlineStart: 2,
                      borderColor: 'divider',
                    }}
                  />
                )}
                <ActivityDot kind={activity.type} />
                <Box sx={{ minWidth: 0, flex: 1, pt: 0.25 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {customerActivityText(t, i18n.language, activity)}
                  </Typography>
                  <ActivityTime value={activity.createdAt} />
                  {activity.type === 'note' && activity.body ? (
                    <Box
                      sx={{
                        mt: 1,
                        p: 1.5,
                        borderRadius: 1.5,
                        bgcolor: 'action.hover',
                        whiteSpace: 'pre-wrap',
                        wordBreak: 'break-word',
                        typography: 'body2',
                      }}
                    >
                      {activity.body}
                    </Box>
                  ) : null}
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
