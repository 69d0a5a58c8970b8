import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The new key's secret, shown this once, with a copy button. */
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      enqueueSnackbar(t('apiKeys.secret.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('apiKeys.secret.copyFailed'), { variant: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('apiKeys.secret.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('apiKeys.secret.body')}</DialogContentText>
        <TextField
          label={t('apiKeys.secret.label')}
          value={secret}
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, dir: 'ltr', spellCheck: false },
            input: {
              sx: { fontFamily: 'monospace' },
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('apiKeys.secret.copy')}>
                    <IconButton aria-label={t('apiKeys.secret.copy')} onClick={() => void copy()}>
                      {copied ? (
                        <IconCheck size={20} aria-hidden />
                      ) : (
                        <IconCopy size={20} aria-hidden />
                      )}
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('apiKeys.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
