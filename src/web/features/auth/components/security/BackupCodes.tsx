import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

function download(codes: readonly string[]) {
  const blob = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = 'meridian-backup-codes.txt';
  anchor.click();
  URL.revokeObjectURL(url);
}

/** Backup codes, shown once, with a download and a button to hide them. */
export function BackupCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('account.settings.twoFactor.backupTitle')}
      </Typography>
      <Alert severity="warning">{t('account.settings.twoFactor.backupHint')}</Alert>
      <Box
        component="ul"
        data-testid="backup-codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          gap: 1,
          columnGap: 4,
          listStyle: 'none',
          p: 0,
          m: 0,
          fontFamily: 'monospace',
        }}
      >
        {codes.map((code) => (
          <li key={code} dir="ltr">
            {code}
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => download(codes)}>
          {t('account.settings.twoFactor.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('account.settings.twoFactor.done')}
        </Button>
      </Box>
    </Box>
  );
}
