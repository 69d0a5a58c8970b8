import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** "Skip to content": the first stop of the keyboard, visible only when focused. */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 500,
        textDecoration: 'none',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('layout.skipToContent')}
    </Box>
  );
}
