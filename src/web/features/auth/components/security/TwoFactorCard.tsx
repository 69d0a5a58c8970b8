import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../PasswordField';
import { securityCalls, sessionQueryOptions, useAuthMutation } from '../../api/security';
import { BackupCodes } from './BackupCodes';
import { FailureAlert } from './FailureAlert';
import { SubmitForm } from '../../../../components/SubmitForm';

type Step =
  | { kind: 'idle' }
  | { kind: 'verify'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[] };

const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

export function TwoFactorCard() {
  const { t } = useTranslation();
  const session = useQuery(sessionQueryOptions());
  const enabled = Boolean(
    (session.data?.user as { twoFactorEnabled?: boolean | null } | undefined)?.twoFactorEnabled,
  );
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const enable = useAuthMutation(securityCalls.enableTwoFactor);
  const verify = useAuthMutation(securityCalls.verifyTotp);
  const regenerate = useAuthMutation(securityCalls.generateBackupCodes);
  const disable = useAuthMutation(securityCalls.disableTwoFactor);
  const busy = enable.isPending || verify.isPending || regenerate.isPending || disable.isPending;
  const error = enable.error ?? verify.error ?? regenerate.error ?? disable.error;

  const resetAll = () => {
    for (const mutation of [enable, verify, regenerate, disable]) mutation.reset();
    setPassword('');
    setCode('');
  };

  let body;
  if (step.kind === 'codes') {
    body = (
      <BackupCodes
        codes={step.backupCodes}
        onDone={() => {
          resetAll();
          setStep({ kind: 'idle' });
        }}
      />
    );
  } else if (step.kind === 'verify') {
    body = (
      <SubmitForm
        onSubmit={() => {
          verify.mutate(code.replace(/\s+/g, ''), {
            onSuccess: () => {
              setNotice(t('account.settings.twoFactor.enabledNow'));
              setStep({ kind: 'codes', backupCodes: step.backupCodes });
            },
          });
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}
      >
        <Typography>{t('account.settings.twoFactor.scan')}</Typography>
        <Box
          sx={{
            alignSelf: 'flex-start',
            bgcolor: '#fff',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            lineHeight: 0,
          }}
        >
          <QRCodeSVG
            value={step.totpURI}
            size={200}
            marginSize={4}
            role="img"
            aria-label={t('account.settings.twoFactor.qrLabel')}
            data-testid="totp-qr"
          />
        </Box>
        <TextField
          label={t('account.settings.twoFactor.manualKey')}
          value={secretOf(step.totpURI)}
          slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'totp-secret' } }}
        />
        <Link href={step.totpURI}>{t('account.settings.twoFactor.openLink')}</Link>
        <TextField
          label={t('account.settings.twoFactor.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy || code.trim() === ''}>
            {t('account.settings.twoFactor.verify')}
          </Button>
        </Box>
      </SubmitForm>
    );
  } else {
    body = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}>
        <Typography>
          {enabled
            ? t('account.settings.twoFactor.enabled')
            : t('account.settings.twoFactor.disabled')}
        </Typography>
        <PasswordField
          label={t('account.settings.twoFactor.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {enabled ? (
            <>
              <Button
                variant="outlined"
                disabled={busy || !password}
                onClick={() =>
                  regenerate.mutate(password, {
                    onSuccess: (data) => setStep({ kind: 'codes', backupCodes: data.backupCodes }),
                  })
                }
              >
                {t('account.settings.twoFactor.regenerate')}
              </Button>
              <Button
                variant="outlined"
                disabled={busy || !password}
                onClick={() =>
                  disable.mutate(password, {
                    onSuccess: () => {
                      resetAll();
                      setNotice(t('account.settings.twoFactor.disabledNow'));
                    },
                  })
                }
              >
                {t('account.settings.twoFactor.disable')}
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              disabled={busy || !password || session.isPending}
              onClick={() =>
                enable.mutate(password, {
                  onSuccess: (data) => {
                    setNotice(null);
                    if (!('totpURI' in data)) return;
                    setStep({
                      kind: 'verify',
                      totpURI: data.totpURI,
                      backupCodes: data.backupCodes,
                    });
                  },
                })
              }
            >
              {t('account.settings.twoFactor.enable')}
            </Button>
          )}
        </Box>
      </Box>
    );
  }

  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('account.settings.twoFactor.title')}
        </Typography>
        {notice ? (
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        ) : null}
        {busy ? (
          <Typography role="status">{t('account.settings.twoFactor.working')}</Typography>
        ) : null}
        <FailureAlert error={error} />
        {body}
      </CardContent>
    </Card>
  );
}
