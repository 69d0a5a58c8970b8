import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../../lib/organization';
import type { AdminUser } from '../api/admin';

/** The organisations a user belongs to, with their role in each. */
export function MembershipsDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: AdminUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {t('admin.users.membershipsTitle', { name: user.name })}
      </DialogTitle>
      <DialogContent>
        {user.memberships.length === 0 ? (
          <Typography color="text.secondary">{t('admin.users.noMemberships')}</Typography>
        ) : (
          <List dense aria-label={t('admin.users.membershipsTitle', { name: user.name })}>
            {user.memberships.map((membership) => (
              <ListItem
                key={membership.organizationId}
                disableGutters
                secondaryAction={<Chip size="small" label={roleLabel(t, membership.role)} />}
              >
                <ListItemText primary={membership.name} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
