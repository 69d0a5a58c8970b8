import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconRobotOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, MessageCard } from '../../../components/PageStates';
import { useAbility } from '../../../lib/ability';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { agentQueryOptions } from '../api/agent-detail';
import { agentErrorText } from '../errors';
import { AgentBuilder } from './AgentBuilder';
import { TryBuilderPage } from './try/TryBuilderPage';

/**
 * /builder-minimal (issue 16 §3): the builder alone, for an iframe or a focused window. With
 * `?agent=<id>` it opens that agent for a signed-in member, with their permissions; without,
 * it is the try-builder.
 */
export function MinimalBuilderPage({ agentId, save }: { agentId: string | null; save: boolean }) {
  if (!agentId) return <TryBuilderPage minimal save={save} />;
  return <MinimalAgent agentId={agentId} />;
}

function MinimalAgent({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const status = useAuthState((state) => state.status);
  const orgId = useAuthState((state) => state.selectedOrgId);
  const ability = useAbility();
  const agent = useQuery(agentQueryOptions(orgId, agentId));
  const registerFlush = useCallback(() => {}, []);
  const navigate = useNavigate();

  if (status === 'anonymous') {
    return (
      <Box sx={{ p: 3 }}>
        <MessageCard
          icon={IconRobotOff}
          title={t('builder.minimal.signIn.title')}
          body={t('builder.minimal.signIn.body')}
        >
          <Button
            variant="contained"
            onClick={() =>
              void navigate({
                to: '/login',
                search: { to: `/builder-minimal?agent=${encodeURIComponent(agentId)}` },
              })
            }
          >
            {t('builder.minimal.signIn.action')}
          </Button>
        </MessageCard>
      </Box>
    );
  }
  if (agent.isPending) {
    return (
      <Stack spacing={2} sx={{ p: 2 }} aria-busy="true" aria-label={t('agents.page.loading')}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={480} />
      </Stack>
    );
  }
  if (agent.isError) {
    if (agent.error instanceof ApiError && agent.error.status === 404) {
      return (
        <Box sx={{ p: 3 }}>
          <MessageCard
            icon={IconRobotOff}
            title={t('agents.page.notFound.title')}
            body={t('agents.page.notFound.body')}
          />
        </Box>
      );
    }
    return (
      <Box sx={{ p: 3 }}>
        <LoadFailed
          title={t('agents.list.title')}
          lead={t('agents.page.loadError')}
          error={agent.error}
          onRetry={() => void agent.refetch()}
          describe={agentErrorText}
        />
      </Box>
    );
  }
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {/* As wide as the name, at the page's start: a block with dir="auto" would align a
          left-to-right name on the left of a right-to-left page. */}
      <Typography
        variant="h6"
        component="h1"
        noWrap
        dir="auto"
        sx={{ px: 1, alignSelf: 'flex-start', maxWidth: '100%' }}
      >
        {agent.data.name}
      </Typography>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <AgentBuilder
          agent={agent.data}
          canUpdate={ability.can('update', 'Agent')}
          registerFlush={registerFlush}
        />
      </Box>
    </Box>
  );
}
