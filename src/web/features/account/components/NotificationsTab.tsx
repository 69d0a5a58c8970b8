import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_NOTIFICATION_PREFERENCE,
  NOTIFICATION_EVENTS,
  type NotificationPreference,
} from '../../../../shared/schemas/account';
import {
  notificationPreferencesQueryOptions,
  useSaveNotificationPreferences,
} from '../api/notifications';
import { errorText } from '../../../lib/error-text';
import { SubmitForm } from '../../../components/SubmitForm';
import { SubmitButton } from '../../../components/SubmitButton';

const CHANNELS = ['email', 'inApp'] as const;

function completed(saved: readonly NotificationPreference[]): NotificationPreference[] {
  return NOTIFICATION_EVENTS.map(
    (event) =>
      saved.find((entry) => entry.event === event) ?? { event, ...DEFAULT_NOTIFICATION_PREFERENCE },
  );
}

function PreferencesForm({ initial }: { initial: NotificationPreference[] }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(initial);
  const save = useSaveNotificationPreferences();

  const toggle = (index: number, channel: (typeof CHANNELS)[number], on: boolean) => {
    save.reset();
    setValues((current) =>
      current.map((entry, at) => (at === index ? { ...entry, [channel]: on } : entry)),
    );
  };

  return (
    <SubmitForm
      onSubmit={() => {
        save.mutate(values);
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {save.isSuccess ? (
        <Alert severity="success" role="status">
          {t('account.settings.notifications.saved')}
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert severity="error">{errorText(t, i18n.language, save.error)}</Alert>
      ) : null}
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('account.settings.notifications.event')}</TableCell>
            {CHANNELS.map((channel) => (
              <TableCell key={channel} align="center">
                {t(`account.settings.notifications.${channel}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {values.map((entry, index) => (
            <TableRow key={entry.event}>
              <TableCell>{t(`account.settings.notifications.events.${entry.event}`)}</TableCell>
              {CHANNELS.map((channel) => (
                <TableCell key={channel} align="center">
                  <Switch
                    checked={entry[channel]}
                    onChange={(event) => toggle(index, channel, event.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': t('account.settings.notifications.toggle', {
                          channel: t(`account.settings.notifications.${channel}`),
                          event: t(`account.settings.notifications.events.${entry.event}`),
                        }),
                      },
                    }}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box>
        <SubmitButton pending={save.isPending} pendingLabel={t('common.saving')}>
          {t('account.settings.notifications.save')}
        </SubmitButton>
      </Box>
    </SubmitForm>
  );
}

export function NotificationsTab() {
  const { t } = useTranslation();
  const query = useQuery(notificationPreferencesQueryOptions());
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('account.settings.notifications.title')}
        </Typography>
        <Typography color="text.secondary">
          {t('account.settings.notifications.subtitle')}
        </Typography>
        {query.isError ? (
          <Alert severity="error">{t('account.settings.notifications.loadError')}</Alert>
        ) : null}
        {query.data ? <PreferencesForm initial={completed(query.data.preferences)} /> : null}
      </CardContent>
    </Card>
  );
}
