import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconKey, IconPlugConnected, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookSettings } from '../../../../../shared/schemas/webhooks';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { SectionCard } from '../../../../components/SectionCard';
import { useAuthState } from '../../../../lib/auth-store';
import {
  useSetSigningSecret,
  useWebhookAction,
  webhookQueryOptions,
  type WebhookAction,
} from '../../api/webhooks';
import { CodeBlock } from './CodeBlock';
import { webhookCurl } from './snippets';

type Confirmable = 'regenerate' | 'disable' | 'replaceSecret' | 'clearSecret';

const CONFIRM_KEYS = {
  regenerate: 'triggers.webhook.confirmRegenerate',
  disable: 'triggers.webhook.confirmDisable',
  replaceSecret: 'triggers.webhook.secret.confirmReplace',
  clearSecret: 'triggers.webhook.secret.confirmClear',
} as const;

/**
 * The webhook: its address (with the token for editors; read-only viewers see it masked and
 * no buttons), on, new address and off behind a confirmation, the signing secret shown once
 * when made, and a curl example.
 */
export function WebhookSection({
  agentId,
  published,
  input,
}: {
  agentId: string;
  published: boolean;
  input: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const settings = useQuery(webhookQueryOptions(orgId, agentId));
  return (
    <SectionCard
      id="triggers-webhook"
      title={t('triggers.webhook.title')}
      intro={t('triggers.webhook.intro')}
    >
      {settings.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : settings.isError ? (
        <ErrorAlert
          error={settings.error}
          lead={t('triggers.loadError')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <WebhookBody
          agentId={agentId}
          settings={settings.data}
          published={published}
          input={input}
        />
      )}
    </SectionCard>
  );
}

function WebhookBody({
  agentId,
  settings,
  published,
  input,
}: {
  agentId: string;
  settings: WebhookSettings;
  published: boolean;
  input: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const action = useWebhookAction(agentId);
  const makeSecret = useSetSigningSecret(agentId);
  const [asking, setAsking] = useState<Confirmable | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const manage = settings.canManage;

  const run = (which: WebhookAction) => {
    action.mutate(which, {
      onSuccess: () => {
        setAsking(null);
        if (which === 'disable' || which === 'clearSecret') setSecret(null);
        enqueueSnackbar(t(`triggers.webhook.done.${which}`), { variant: 'success' });
      },
    });
  };
  const createSecret = () => {
    makeSecret.mutate(undefined, {
      onSuccess: (answer) => {
        setAsking(null);
        setSecret(answer.secret);
        enqueueSnackbar(t('triggers.webhook.done.setSecret'), { variant: 'success' });
      },
    });
  };
  const open = (which: Confirmable) => {
    action.reset();
    makeSecret.reset();
    setAsking(which);
  };
  const pending = action.isPending || makeSecret.isPending;

  if (!settings.enabled) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">{t('triggers.webhook.off')}</Typography>
        {manage ? (
          <Button
            variant="contained"
            startIcon={<IconPlugConnected size={18} aria-hidden />}
            disabled={pending}
            onClick={() => run('enable')}
          >
            {t('triggers.webhook.enable')}
          </Button>
        ) : null}
        <ErrorAlert error={asking ? null : action.error} />
      </Stack>
    );
  }

  const url = settings.url ?? settings.maskedUrl ?? '';
  const confirm = asking ? CONFIRM_KEYS[asking] : null;
  return (
    <Stack spacing={2}>
      {published ? null : <Alert severity="warning">{t('triggers.webhook.unpublished')}</Alert>}
      <Stack spacing={0.5}>
        <Typography variant="subtitle2" component="h3">
          {t('triggers.webhook.url')}
        </Typography>
        <CodeBlock
          code={url}
          inline
          label={t('triggers.webhook.url')}
          copyLabel={t('triggers.webhook.copyUrl')}
        />
        {settings.url ? null : (
          <Typography variant="body2" color="text.secondary">
            {t('triggers.webhook.masked')}
          </Typography>
        )}
      </Stack>
      {manage ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<IconRefresh size={18} aria-hidden />}
            onClick={() => open('regenerate')}
          >
            {t('triggers.webhook.regenerate')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<IconTrash size={18} aria-hidden />}
            onClick={() => open('disable')}
          >
            {t('triggers.webhook.disable')}
          </Button>
        </Stack>
      ) : null}
      <Typography color="text.secondary">{t('triggers.webhook.replies')}</Typography>

      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3">
          {t('triggers.webhook.secret.title')}
        </Typography>
        <Typography color="text.secondary">
          {settings.hasSigningSecret
            ? t('triggers.webhook.secret.on')
            : t('triggers.webhook.secret.off')}
        </Typography>
        {secret ? (
          <Alert severity="info" icon={false}>
            <Stack spacing={1}>
              <Typography>{t('triggers.webhook.secret.shownOnce')}</Typography>
              <CodeBlock
                code={secret}
                inline
                label={t('triggers.webhook.secret.value')}
                copyLabel={t('triggers.webhook.secret.copy')}
              />
            </Stack>
          </Alert>
        ) : null}
        {manage ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<IconKey size={18} aria-hidden />}
              disabled={pending}
              onClick={() => (settings.hasSigningSecret ? open('replaceSecret') : createSecret())}
            >
              {settings.hasSigningSecret
                ? t('triggers.webhook.secret.replace')
                : t('triggers.webhook.secret.create')}
            </Button>
            {settings.hasSigningSecret ? (
              <Button variant="outlined" color="error" onClick={() => open('clearSecret')}>
                {t('triggers.webhook.secret.clear')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        <ErrorAlert error={asking ? null : (makeSecret.error ?? action.error)} />
      </Stack>

      <Stack spacing={0.5}>
        <Typography variant="subtitle2" component="h3">
          {t('triggers.webhook.example')}
        </Typography>
        <CodeBlock
          code={webhookCurl(url, input, settings.hasSigningSecret)}
          label={t('triggers.webhook.exampleLabel')}
          copyLabel={t('triggers.webhook.copyExample')}
        />
      </Stack>

      {confirm && asking ? (
        <ConfirmDialog
          open
          title={t(`${confirm}.title`)}
          body={t(`${confirm}.body`)}
          confirmLabel={t(`${confirm}.confirm`)}
          destructive={asking !== 'regenerate'}
          pending={pending}
          error={asking === 'replaceSecret' ? makeSecret.error : action.error}
          onConfirm={() => (asking === 'replaceSecret' ? createSecret() : run(asking))}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Stack>
  );
}
