import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../../lib/auth-store';
import { accountsQueryOptions, securityCalls, useAuthMutation } from '../../api/security';
import { PasswordField } from '../PasswordField';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { dangerFilledSx } from '../../../../components/danger-styles';
import { FailureAlert } from './FailureAlert';
import { SubmitForm } from '../../../../components/SubmitForm';

/**
 * Deletes the account for good, after the password (when the user has one) and a
 * confirmation; then signs out to /login.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const accounts = useQuery(accountsQueryOptions());
  const hasPassword = (accounts.data ?? []).some((account) => account.providerId === 'credential');
  const remove = useAuthMutation(securityCalls.deleteUser);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);

  const onConfirm = () =>
    remove.mutate(hasPassword ? password : null, {
      onSuccess: () => {
        enqueueSnackbar(t('account.settings.delete.done'), { variant: 'success' });
        void logout();
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ borderColor: 'error.main' }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2" id={titleId}>
          {t('account.settings.delete.title')}
        </Typography>
        <Typography color="text.secondary">{t('account.settings.delete.explain')}</Typography>
        <FailureAlert
          error={remove.error}
          messages={{
            INVALID_PASSWORD: t('account.settings.delete.wrongPassword'),
            SESSION_EXPIRED: t('account.settings.delete.signInAgain'),
            LAST_ADMIN_OF_ORGANIZATION: t('account.settings.delete.lastAdmin'),
          }}
        />
        <SubmitForm
          onSubmit={() => {
            remove.reset();
            setConfirming(true);
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}
        >
          {hasPassword ? (
            <PasswordField
              label={t('account.settings.delete.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          ) : null}
          <Box>
            <Button
              type="submit"
              variant="contained"
              color="error"
              sx={dangerFilledSx}
              disabled={accounts.isPending || remove.isPending || (hasPassword && !password)}
            >
              {t('account.settings.delete.submit')}
            </Button>
          </Box>
        </SubmitForm>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('account.settings.delete.confirmTitle')}
        body={t('account.settings.delete.confirmBody')}
        confirmLabel={t('account.settings.delete.confirm')}
        destructive
        pending={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={onConfirm}
      />
    </Card>
  );
}
