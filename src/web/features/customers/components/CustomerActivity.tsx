import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconArrowsExchange, IconNote, IconPencil, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_LIMITS,
  customerNoteSchema,
  type CustomerActivityDto,
  type CustomerStatus,
} from '../../../../shared/schemas/customers';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useAddNote } from '../api/customers';
import { fieldMessageText } from '../../../lib/error-text';
import { useCustomerErrorText } from './common';

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
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
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
    </Box>
  );
}

const FIELD_KEYS: Record<string, string> = { ownerId: 'owner' };

function activityText(t: TFunction, language: string, activity: CustomerActivityDto): string {
  const actor = activity.actor?.name ?? t('customers.activity.someone');
  const status = (value: CustomerStatus | null) => (value ? t(`customers.status.${value}`) : '');
  switch (activity.type) {
    case 'created': {
      const source = (activity.details as { source?: unknown } | null)?.source;
      return source === 'csv'
        ? t('customers.activity.createdImport', { actor })
        : t('customers.activity.created', { actor });
    }
    case 'status_change':
      return activity.fromStatus
        ? t('customers.activity.statusChange', {
            actor,
            from: status(activity.fromStatus),
            to: status(activity.toStatus),
          })
        : t('customers.activity.statusSet', { actor, to: status(activity.toStatus) });
    case 'note':
      return t('customers.activity.note', { actor });
    case 'updated': {
      const raw = (activity.details as { fields?: unknown } | null)?.fields;
      const fields = Array.isArray(raw)
        ? raw
            .filter((field): field is string => typeof field === 'string')
            .map((field) => FIELD_KEYS[field] ?? field)
            .filter((field): field is keyof typeof FIELD_LABELS => field in FIELD_LABELS)
            .map((field) => t(FIELD_LABELS[field]))
        : [];
      return fields.length > 0
        ? t('customers.activity.updated', {
            actor,
            fields: new Intl.ListFormat(language, { type: 'conjunction' }).format(fields),
          })
        : t('customers.activity.updatedNoFields', { actor });
    }
  }
}

const FIELD_LABELS = {
  name: 'customers.fields.name',
  email: 'customers.fields.email',
  phone: 'customers.fields.phone',
  company: 'customers.fields.company',
  status: 'customers.fields.status',
  value: 'customers.fields.value',
  owner: 'customers.fields.owner',
  tags: 'customers.fields.tags',
  notes: 'customers.fields.notes',
} as const;

const ACTIVITY_ICONS = {
  created: IconPlus,
  updated: IconPencil,
  status_change: IconArrowsExchange,
  note: IconNote,
} as const;

const ACTIVITY_COLORS = {
  created: 'success.main',
  updated: 'info.main',
  status_change: 'warning.main',
  note: 'primary.main',
} as const;

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
            const Icon = ACTIVITY_ICONS[activity.type];
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
                <Box
                  aria-hidden
                  sx={{
                    flexShrink: 0,
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    color: 'common.white',
                    bgcolor: ACTIVITY_COLORS[activity.type],
                  }}
                >
                  <Icon size={15} />
                </Box>
                <Box sx={{ minWidth: 0, flex: 1, pt: 0.25 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {activityText(t, i18n.language, activity)}
                  </Typography>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="time"
                    dateTime={activity.createdAt}
                    title={formatDateTime(activity.createdAt, i18n.language)}
                  >
                    {formatRelativeTime(activity.createdAt, undefined, i18n.language)}
                  </Typography>
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
