import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconMailForward, IconUserPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format';
import { roleLabel } from '../../../lib/organization';
import {
  invitationsQueryOptions,
  useResendInvitation,
  useRevokeInvitation,
  type CurrentOrganization,
  type Invitation,
} from '../api/organization';
import { errorText } from '../../../lib/error-text';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { InviteDialog } from './InviteDialog';
import { EmptyRow, SkeletonRows } from '../../../components/TableStates';
import { useConfirmTarget } from '../../../components/useConfirmTarget';

const COLUMNS = 5;

const isExpired = (invitation: Invitation) =>
  invitation.status === 'expired' || Date.parse(invitation.expiresAt) <= Date.now();

/** Pending invitations of the selected organisation: invite, resend, revoke. */
export function InvitationsTab({ organization }: { organization: CurrentOrganization }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const invitations = useQuery(invitationsQueryOptions(organization.id));
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
  const revocation = useConfirmTarget(
    revoke,
    (invitation: Invitation) => invitation,
    (invitation) =>
      enqueueSnackbar(t('organization.invitations.revoked', { email: invitation.email }), {
        variant: 'success',
      }),
  );
  const revoking = revocation.target;

  const onResend = (invitation: Invitation) =>
    resend.mutate(invitation, {
      onSuccess: () =>
        enqueueSnackbar(t('organization.invitations.resent', { email: invitation.email }), {
          variant: 'success',
        }),
      onError: (error) => enqueueSnackbar(errorText(t, i18n.language, error), { variant: 'error' }),
    });

  const rows = invitations.data?.items ?? [];
  return (
    <Card>
      <CardHeader
        title={t('organization.invitations.title')}
        subheader={t('organization.invitations.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          <Button
            variant="contained"
            startIcon={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setInviting(true)}
          >
            {t('organization.invitations.invite')}
          </Button>
        }
        sx={{ flexWrap: 'wrap', '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      {invitations.isError ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <ErrorAlert error={invitations.error} onRetry={() => void invitations.refetch()} />
        </Box>
      ) : null}
      <TableContainer>
        <Table aria-label={t('organization.invitations.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('organization.invitations.columns.email')}</TableCell>
              <TableCell>{t('organization.invitations.columns.role')}</TableCell>
              <TableCell>{t('organization.invitations.columns.invitedBy')}</TableCell>
              <TableCell>{t('organization.invitations.columns.expires')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invitations.isPending ? <SkeletonRows columns={COLUMNS} rows={3} /> : null}
            {invitations.isSuccess && rows.length === 0 ? (
              <EmptyRow columns={COLUMNS} text={t('organization.invitations.empty')} />
            ) : null}
            {rows.map((invitation) => {
              const expired = isExpired(invitation);
              return (
                <TableRow key={invitation.id} hover>
                  <TableCell>
                    <Typography variant="body2" dir="ltr" sx={{ fontWeight: 500 }}>
                      {invitation.email}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('organization.invitations.sentOn', {
                        date: formatDate(invitation.createdAt, undefined, i18n.language),
                      })}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={roleLabel(t, invitation.role)} />
                  </TableCell>
                  <TableCell>{invitation.inviter.name}</TableCell>
                  <TableCell>
                    {expired ? (
                      <Chip
                        size="small"
                        color="warning"
                        label={t('organization.invitations.expired')}
                      />
                    ) : (
                      formatDateTime(invitation.expiresAt, i18n.language)
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip
                      title={t('organization.invitations.resend', { email: invitation.email })}
                    >
                      <span>
                        <IconButton
                          disabled={resend.isPending && resend.variables?.id === invitation.id}
                          onClick={() => onResend(invitation)}
                          aria-label={t('organization.invitations.resend', {
                            email: invitation.email,
                          })}
                        >
                          <IconMailForward size={20} aria-hidden />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip
                      title={t('organization.invitations.revoke', { email: invitation.email })}
                    >
                      <IconButton
                        color="error"
                        onClick={() => revocation.ask(invitation)}
                        aria-label={t('organization.invitations.revoke', {
                          email: invitation.email,
                        })}
                      >
                        <IconX size={20} aria-hidden />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        destructive
        title={t('organization.invitations.confirmRevoke.title')}
        body={t('organization.invitations.confirmRevoke.body', {
          email: revoking?.email ?? '',
          organization: organization.name,
        })}
        confirmLabel={t('organization.invitations.confirmRevoke.confirm')}
        {...revocation.dialog}
      />
    </Card>
  );
}
