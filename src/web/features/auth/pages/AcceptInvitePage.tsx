import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLink';
import { ApiError } from '../../../lib/api';
import { logout, refreshUser, selectOrganization, useAuthState } from '../../../lib/auth-store';
import { roleLabel } from '../../../lib/organization';
import { formatDateTime } from '../../../lib/format';
import { AuthCard } from '../components/AuthCard';
import { invitationQueryOptions, useAcceptInvitation, type Invitation } from '../api/invitations';

const routeApi = getRouteApi('/accept-invite');

const isPast = (iso: string) => Date.parse(iso) < Date.now();

function AcceptAction({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthState((state) => state.userData);
  const status = useAuthState((state) => state.status);
  const accept = useAcceptInvitation();
  const here = `/accept-invite?id=${encodeURIComponent(invitation.id)}`;

  // The page is public: the session may still be on its way.
  if (status === 'unknown') return <CircularProgress size={24} aria-label={t('common.loading')} />;

  if (!user) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>{t('account.invite.signedOutHint', { email: invitation.email })}</Typography>
        <RouterButton to="/login" search={{ to: here }} variant="contained">
          {t('account.invite.signIn')}
        </RouterButton>
        <RouterButton
          to="/register"
          search={{ to: here, email: invitation.email }}
          variant="outlined"
        >
          {t('account.invite.register')}
        </RouterButton>
      </Box>
    );
  }

  const wrongInvitee =
    user.email.toLowerCase() !== invitation.email.toLowerCase() ||
    (accept.error instanceof ApiError && accept.error.code === 'WRONG_INVITEE');
  if (wrongInvitee) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning">
          {t('account.invite.wrongInvitee', { current: user.email, email: invitation.email })}
        </Alert>
        <Button variant="outlined" onClick={() => void logout()}>
          {t('account.invite.signOut')}
        </Button>
      </Box>
    );
  }

  const onAccept = () =>
    accept.mutate(invitation.id, {
      onSuccess: async ({ organization }) => {
        await refreshUser();
        await selectOrganization(organization.id);
        await navigate({ to: '/', replace: true });
      },
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {accept.isError ? <Alert severity="error">{accept.error.message}</Alert> : null}
      <Button variant="contained" size="large" onClick={onAccept} disabled={accept.isPending}>
        {accept.isPending ? t('account.invite.accepting') : t('account.invite.accept')}
      </Button>
    </Box>
  );
}

/** An invitation to an organisation: who invited, as what, and accept it. */
export function AcceptInvitePage() {
  const { t } = useTranslation();
  const { id } = routeApi.useSearch();
  const invitation = useQuery({ ...invitationQueryOptions(id ?? ''), enabled: !!id });

  let content;
  if (!id || invitation.isError) {
    content = <Alert severity="error">{t('account.invite.notFound')}</Alert>;
  } else if (!invitation.data) {
    content = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('account.invite.loading')}</Typography>
      </Box>
    );
  } else {
    const data = invitation.data;
    const expired = data.status === 'expired' || isPast(data.expiresAt);
    const status = data.status === 'pending' && expired ? 'expired' : data.status;
    content = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>
          {t('account.invite.summary', {
            inviter: data.inviter.name,
            organization: data.organization.name,
            role: roleLabel(t, data.role),
          })}
        </Typography>
        <Typography color="text.secondary">
          {t('account.invite.invitedEmail', { email: data.email })}
        </Typography>
        {status === 'pending' ? (
          <>
            <Typography color="text.secondary">
              {t('account.invite.expiresAt', {
                date: formatDateTime(data.expiresAt),
              })}
            </Typography>
            <AcceptAction invitation={data} />
          </>
        ) : (
          <>
            <Alert severity="info">{t(`account.invite.closed.${status}`)}</Alert>
            <RouterButton to="/" variant="outlined">
              {t('account.invite.goHome')}
            </RouterButton>
          </>
        )}
      </Box>
    );
  }

  return <AuthCard title={t('account.invite.title')}>{content}</AuthCard>;
}
