import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../lib/ability';
import type { DataSourceDetail } from '../api/data-sources';
import { ConnectionSettings } from './ConnectionSettings';
import { DataSourceDangerZone } from './DataSourceDangerZone';
import { FileSettings } from './FileSettings';

/** Edit a source (who may update), test it, replace a file, delete it (who may delete). */
export function SettingsTab({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const canUpdate = ability.can('update', 'DataSource');
  const canDelete = ability.can('delete', 'DataSource');
  return (
    <Stack spacing={4}>
      {canUpdate ? null : <Alert severity="info">{t('dataSources.settings.readOnly')}</Alert>}
      {source.type === 'file' ? (
        <FileSettings key={source.updatedAt} source={source} canUpdate={canUpdate} />
      ) : (
        <ConnectionSettings
          key={source.updatedAt}
          source={source}
          type={source.type}
          canUpdate={canUpdate}
        />
      )}
      {canDelete ? <DataSourceDangerZone source={source} /> : null}
    </Stack>
  );
}
