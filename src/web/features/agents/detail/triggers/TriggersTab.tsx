import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { IconCalendarTime } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { RouterButton, RouterLink } from '../../../../components/RouterLink';
import { SectionCard } from '../../../../components/SectionCard';
import { useAbility } from '../../../../lib/ability';
import { useUpdateAgent, type Agent } from '../../api/agents';
import { agentErrorText } from '../../errors';
import { ApiSection } from './ApiSection';
import { exampleInput } from './snippets';
import { WebhookSection } from './WebhookSection';

/**
 * The Triggers tab of /agents/{id}: how the agent is started — chat on or off, its webhook,
 * calling it through the API (examples to copy, where the keys are made), and its schedules.
 */
export function TriggersTab({ agent, canUpdate }: { agent: Agent; canUpdate: boolean }) {
  const { t } = useTranslation();
  // Organisation admins make the keys, in the organisation's API keys tab.
  const makesKeys = useAbility().can('update', 'Organization');
  const input = useMemo(() => exampleInput(agent.draft), [agent.draft]);
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('triggers.intro')}</Typography>
      <ChatSection agent={agent} canUpdate={canUpdate} />
      <WebhookSection
        agentId={agent.id}
        published={agent.publishedVersion !== null}
        input={input}
      />
      <ApiSection
        agentId={agent.id}
        slug={agent.slug}
        input={input}
        keys={
          makesKeys ? (
            <RouterLink to="/organization" search={{ tab: 'api-keys' }}>
              {t('triggers.api.keysLink')}
            </RouterLink>
          ) : (
            <Typography color="text.secondary">{t('triggers.api.keysText')}</Typography>
          )
        }
      />
      <SectionCard
        id="triggers-schedules"
        title={t('triggers.schedules.title')}
        intro={t('triggers.schedules.intro')}
      >
        <RouterButton
          to="/scheduler"
          variant="outlined"
          startIcon={<IconCalendarTime size={18} aria-hidden />}
        >
          {t('triggers.schedules.link')}
        </RouterButton>
      </SectionCard>
    </Stack>
  );
}

/** Chat on or off, with the agent's own update (PATCH chatEnabled). */
function ChatSection({ agent, canUpdate }: { agent: Agent; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateAgent();
  const toggle = (chatEnabled: boolean) =>
    update.mutate(
      { id: agent.id, changes: { chatEnabled } },
      {
        onSuccess: () =>
          enqueueSnackbar(t(chatEnabled ? 'triggers.chat.on' : 'triggers.chat.off'), {
            variant: 'success',
          }),
      },
    );
  return (
    <SectionCard
      id="triggers-chat"
      title={t('triggers.chat.title')}
      intro={t('triggers.chat.intro')}
    >
      {canUpdate ? (
        <FormControlLabel
          control={
            <Switch
              checked={agent.chatEnabled}
              disabled={update.isPending}
              onChange={(event) => toggle(event.target.checked)}
            />
          }
          label={t('triggers.chat.label')}
        />
      ) : (
        <Typography>
          {agent.chatEnabled ? t('triggers.chat.stateOn') : t('triggers.chat.stateOff')}
        </Typography>
      )}
      <ErrorAlert error={update.error} describe={agentErrorText} sx={{ mt: 1 }} />
    </SectionCard>
  );
}
