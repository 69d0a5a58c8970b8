import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { UploadResult } from '../api/data-sources';
import type { InvalidRow } from '../upload';

/** A refused upload: the reason, and the bad rows of an invalid file. */
export function UploadFailure({
  failure,
}: {
  failure: { message: string; rows: InvalidRow[]; invalidFile: boolean };
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>
        {failure.invalidFile
          ? t('dataSources.upload.invalidTitle')
          : t('dataSources.upload.failed')}
      </AlertTitle>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {failure.message}
      </Typography>
      {failure.rows.length > 0 ? (
        <>
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
            {t('dataSources.upload.reportTitle', { number: formatNumber(failure.rows.length) })}
          </Typography>
          <RowErrors rows={failure.rows} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('dataSources.upload.reportHint')}
          </Typography>
        </>
      ) : null}
    </Alert>
  );
}

/** What an accepted upload reported (rows imported, rows skipped with the reasons). */
export function UploadReportAlert({ result }: { result: UploadResult }) {
  const { t } = useTranslation();
  const { report } = result;
  return (
    <Alert severity={report.skippedRows > 0 ? 'warning' : 'success'} role="status">
      <AlertTitle>
        {t('dataSources.upload.imported', { rows: formatNumber(report.rowCount) })}
      </AlertTitle>
      {report.skippedRows > 0 ? (
        <>
          <Typography variant="body2">
            {t('dataSources.upload.skipped', {
              rows: formatNumber(report.skippedRows),
            })}
          </Typography>
          <RowErrors rows={report.errors} />
        </>
      ) : null}
    </Alert>
  );
}

/** The bad rows of a file, each with where it is and what is wrong. */
function RowErrors({ rows }: { rows: readonly InvalidRow[] }) {
  const { t } = useTranslation();
  return (
    <List dense disablePadding sx={{ maxHeight: 220, overflow: 'auto' }}>
      {rows.map((row) => (
        <ListItem key={row.location} disableGutters sx={{ py: 0 }}>
          <ListItemText
            primary={t('dataSources.upload.rowError', {
              location: row.location,
              message: row.message,
            })}
            slotProps={{ primary: { variant: 'body2' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
