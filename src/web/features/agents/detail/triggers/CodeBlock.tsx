import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const LTR = 'ltr';

/** Copies `text`, says so in a toast and on the button for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      enqueueSnackbar(t('triggers.copy.done'), { variant: 'success' });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      enqueueSnackbar(t('triggers.copy.failed'), { variant: 'error' });
    }
  };
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => void copy()} size="small">
        {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
      </IconButton>
    </Tooltip>
  );
}

/**
 * Code (or a URL, a secret) in a monospace block with a copy button: always left to right,
 * also in Arabic, since code reads that way.
 */
export function CodeBlock({
  code,
  copyLabel,
  label,
  inline = false,
}: {
  code: string;
  copyLabel: string;
  /** The block's accessible name. */
  label: string;
  /** One line (a URL, a secret) rather than a block of code. */
  inline?: boolean;
}) {
  return (
    <Stack
      direction="row"
      dir={LTR}
      spacing={1}
      sx={{
        alignItems: 'flex-start',
        bgcolor: 'action.hover',
        borderRadius: 1,
        p: 1,
        // Logical: the right-to-left styles would move a left padding to the right.
        paddingInlineStart: 1.5,
        // Not 'left': the right-to-left styles would turn it into 'right'.
        textAlign: 'start',
      }}
    >
      <Box
        component="pre"
        role="region"
        aria-label={label}
        tabIndex={0}
        sx={{
          m: 0,
          flex: 1,
          minWidth: 0,
          overflowX: 'auto',
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
          lineHeight: 1.6,
          whiteSpace: inline ? 'nowrap' : 'pre',
          py: 0.5,
        }}
      >
        <Typography component="code" sx={{ font: 'inherit' }}>
          {code}
        </Typography>
      </Box>
      <CopyButton text={code} label={copyLabel} />
    </Stack>
  );
}
