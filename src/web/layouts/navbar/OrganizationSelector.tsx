import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select, { type SelectChangeEvent } from '@mui/material/Select';
import { IconBuilding } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectOrganization, useAuthState } from '../../lib/auth-store';
import { roleLabel } from '../../lib/organization';

/** The user's organisations with their role; choosing one makes it the selected organisation. */
export function OrganizationSelector() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const organizations = useAuthState((state) => state.organizations);
  const selectedOrgId = useAuthState((state) => state.selectedOrgId);
  const [switching, setSwitching] = useState(false);

  if (organizations.length === 0) return null;

  const onChange = async (event: SelectChangeEvent) => {
    setSwitching(true);
    try {
      await selectOrganization(event.target.value);
    } catch {
      enqueueSnackbar(t('organizationSelector.switchFailed'), { variant: 'error' });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Select
      size="small"
      value={selectedOrgId ?? ''}
      onChange={(event) => void onChange(event)}
      disabled={switching}
      inputProps={{ 'aria-label': t('organizationSelector.label') }}
      startAdornment={<IconBuilding size={18} aria-hidden style={{ marginInlineEnd: 8 }} />}
      renderValue={(id) => organizations.find((org) => org.id === id)?.name ?? ''}
      sx={{ minWidth: 180, maxWidth: 260, bgcolor: 'background.paper' }}
    >
      {organizations.map((org) => (
        <MenuItem key={org.id} value={org.id}>
          <ListItemText primary={org.name} secondary={roleLabel(t, org.role)} />
        </MenuItem>
      ))}
    </Select>
  );
}
