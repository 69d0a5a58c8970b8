import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailChangeReturn, readPendingEmail, writePendingEmail } from '../../api/email-change';
import { securityCalls, sessionQueryOptions, useAuthMutation } from '../../api/security';
import { emailField } from '../../schemas';
import { FailureAlert } from './FailureAlert';
import { SubmitForm } from '../../../../components/SubmitForm';
import { EmailField } from '../EmailField';

const schema = z.object({ newEmail: emailField });
type Values = z.infer<typeof schema>;

/** Error codes in `?error=` when a change link cannot be used. */
const LINK_ERRORS = ['TOKEN_EXPIRED', 'INVALID_TOKEN', 'INVALID_USER', 'USER_NOT_FOUND'];

/**
 * Change the e-mail address: the current address confirms by a link, then the new address
 * is verified by another; both links come back here with `?emailChange=1` (`returned`).
 */
export function ChangeEmailCard({
  returned,
  linkError,
  onDismiss,
}: {
  returned: boolean;
  linkError?: string | undefined;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const session = useQuery(sessionQueryOptions());
  const currentEmail = session.data?.user.email;
  const change = useAuthMutation(securityCalls.changeEmail);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { newEmail: '' } });

  const errorCode = returned && linkError ? linkError.toUpperCase() : null;
  const back =
    returned && !errorCode && currentEmail
      ? emailChangeReturn(currentEmail, readPendingEmail())
      : null;
  useEffect(() => {
    if (back?.kind === 'changed') writePendingEmail(null);
  }, [back?.kind]);

  let returnNotice: string | null = null;
  if (back?.kind === 'changed') {
    returnNotice = t('account.settings.email.changed', { email: back.email });
  } else if (back?.kind === 'confirmed') {
    returnNotice = t('account.settings.email.confirmed', { email: back.newEmail });
  } else if (back?.kind === 'unknown') {
    returnNotice = t('account.settings.email.linkAccepted', { email: back.email });
  }

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2" id={titleId}>
          {t('account.settings.email.title')}
        </Typography>
        {errorCode ? (
          <Alert severity="error" onClose={onDismiss}>
            {LINK_ERRORS.includes(errorCode)
              ? t('account.settings.email.linkInvalid')
              : t('account.settings.email.linkFailed')}
          </Alert>
        ) : null}
        {returnNotice ? (
          <Alert severity="success" role="status" onClose={onDismiss}>
            {returnNotice}
          </Alert>
        ) : null}
        {session.isPending ? (
          <Skeleton width={280} />
        ) : (
          <Typography>
            {t('account.settings.email.current', { email: currentEmail ?? '' })}
          </Typography>
        )}
        {sent ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
            <Alert severity="info" role="status">
              {t('account.settings.email.sent', { current: currentEmail ?? '', email: sent })}
            </Alert>
            <Box>
              <Button
                variant="outlined"
                onClick={() => {
                  setSent(null);
                  change.reset();
                }}
              >
                {t('account.settings.email.another')}
              </Button>
            </Box>
          </Box>
        ) : (
          <SubmitForm
            onSubmit={handleSubmit(({ newEmail }) => {
              if (newEmail.toLowerCase() === currentEmail?.toLowerCase()) {
                setError('newEmail', { message: t('account.settings.email.same') });
                return;
              }
              change.mutate(newEmail, {
                onSuccess: () => {
                  onDismiss();
                  writePendingEmail(newEmail);
                  setSent(newEmail);
                  reset();
                },
              });
            })}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}
          >
            <Typography color="text.secondary">{t('account.settings.email.explain')}</Typography>
            <FailureAlert error={change.error} />
            <EmailField
              registration={register('newEmail')}
              error={errors.newEmail?.message}
              label={t('account.settings.email.newEmail')}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={change.isPending}>
                {change.isPending
                  ? t('account.settings.email.submitting')
                  : t('account.settings.email.submit')}
              </Button>
            </Box>
          </SubmitForm>
        )}
      </CardContent>
    </Card>
  );
}
