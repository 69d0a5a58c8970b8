import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { startSocialSignIn, type SocialProvider } from '../api/social-sign-in';

/** 'Sign in with Google' and 'Sign in with {name}', for the providers the server enables. */
export function SocialSignIn() {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const start = useMutation({
    mutationFn: (provider: SocialProvider) => startSocialSignIn(provider),
  });
  const google = config?.auth.google ?? false;
  const oidc = config?.auth.oidc ?? null;
  if (!google && !oidc) return null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Divider>{t('account.social.or')}</Divider>
      {start.isError ? (
        <Alert severity="error">{errorText(t, i18n.language, start.error)}</Alert>
      ) : null}
      {google ? (
        <Button
          variant="outlined"
          startIcon={<IconBrandGoogle size={20} aria-hidden />}
          disabled={start.isPending}
          onClick={() => start.mutate('google')}
        >
          {t('account.social.google')}
        </Button>
      ) : null}
      {oidc ? (
        <Button
          variant="outlined"
          startIcon={<IconKey size={20} aria-hidden />}
          disabled={start.isPending}
          onClick={() => start.mutate('oidc')}
        >
          {t('account.social.provider', { name: oidc.name })}
        </Button>
      ) : null}
    </Box>
  );
}
