import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { IconPencil, IconRobotOff, IconUpload } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { lazy, memo, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink, LoadFailed, MessageCard } from '../../../components/PageStates';
import { useAbility } from '../../../lib/ability';
import { ApiError } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { formatNumber } from '../../../lib/format';
import { agentQueryOptions, runsQueryOptions } from '../api/agent-detail';
import type { Agent } from '../api/agents';
import { AgentAvatar, AgentStatusChip } from '../components/AgentVisuals';
import { agentErrorText } from '../errors';
import { lazyOnOpen } from '../../../lib/lazy-on-open';
import { ProblemsList } from './ProblemsList';
import { AgentBuilder } from '../builder/AgentBuilder';
import { AGENT_TABS, type AgentTab } from './search';
import { StepsList } from './StepsList';
import { TestConsole } from './TestConsole';

// The page opens on the builder: the other tabs and the dialogs are fetched when first shown, so
// that their code is neither fetched nor run while a large graph opens.
const RunsTab = lazy(() => import('./RunsTab').then((m) => ({ default: m.RunsTab })));
const VersionsTab = lazy(() => import('./VersionsTab').then((m) => ({ default: m.VersionsTab })));
const TriggersTab = lazy(() =>
  import('./triggers/TriggersTab').then((m) => ({ default: m.TriggersTab })),
);
const AgentChat = lazy(() => import('../components/chat').then((m) => ({ default: m.AgentChat })));
const PublishDialog = lazyOnOpen(() => import('./AgentDialogs').then((m) => m.PublishDialog));
const EditAgentDialog = lazyOnOpen(() => import('./AgentDialogs').then((m) => m.EditAgentDialog));

const routeApi = getRouteApi('/agents/$id');

/**
 * /agents/{id}: the agent's header (status, Publish, Edit) and its tabs in the address; the
 * first tab is the builder.
 */
export function AgentPage() {
  const { t } = useTranslation();
  const { id } = routeApi.useParams();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const agent = useQuery(agentQueryOptions(orgId, id));

  if (agent.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={t('agents.page.loading')}>
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (agent.isError) {
    if (agent.error instanceof ApiError && agent.error.status === 404) {
      return (
        <MessageCard
          icon={IconRobotOff}
          title={t('agents.page.notFound.title')}
          body={t('agents.page.notFound.body')}
        >
          <BackLink to="/agents">{t('agents.page.back')}</BackLink>
        </MessageCard>
      );
    }
    return (
      <LoadFailed
        title={t('agents.list.title')}
        lead={t('agents.page.loadError')}
        error={agent.error}
        onRetry={() => void agent.refetch()}
        describe={agentErrorText}
      />
    );
  }
  return <AgentLoaded agent={agent.data} />;
}

function AgentLoaded({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const ability = useAbility();
  const canUpdate = ability.can('update', 'Agent');
  const { enqueueSnackbar } = useSnackbar();
  const [publishing, setPublishing] = useState(false);
  const [editing, setEditing] = useState(false);
  const tab: AgentTab = search.tab ?? 'editor';
  const flushDraft = useRef<(() => Promise<void>) | null>(null);
  const registerFlush = useCallback((flush: (() => Promise<void>) | null) => {
    flushDraft.current = flush;
  }, []);
  const selectTab = useCallback(
    (value: AgentTab) =>
      void navigate({
        search: (current) => ({ ...current, tab: value, run: undefined, version: undefined }),
      }),
    [navigate],
  );
  const go = (changes: Partial<typeof search>, replace = false) =>
    void navigate({ search: (current) => ({ ...current, ...changes }), replace });

  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 0 }}>
      <BackLink to="/agents">{t('agents.page.back')}</BackLink>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <AgentAvatar icon={agent.icon} colour={agent.colour} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
                {agent.name}
              </Typography>
              <AgentStatusChip status={agent.status} version={agent.publishedVersion} />
            </Stack>
            {agent.description ? (
              <Typography color="text.secondary" noWrap dir="auto">
                {agent.description}
              </Typography>
            ) : null}
          </Box>
        </Stack>
        {canUpdate ? (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button
              variant="outlined"
              startIcon={<IconPencil size={18} aria-hidden />}
              onClick={() => setEditing(true)}
              onPointerEnter={EditAgentDialog.prefetch}
              onFocus={EditAgentDialog.prefetch}
            >
              {t('agents.page.edit.open')}
            </Button>
            <Button
              variant="contained"
              startIcon={<IconUpload size={18} aria-hidden />}
              onClick={() => setPublishing(true)}
              onPointerEnter={PublishDialog.prefetch}
              onFocus={PublishDialog.prefetch}
            >
              {t('agents.page.publish.open')}
            </Button>
          </Stack>
        ) : null}
      </Stack>

      <AgentTabs value={tab} onSelect={selectTab} />
      <Box
        role="tabpanel"
        id={`agent-panel-${tab}`}
        aria-labelledby={`agent-tab-${tab}`}
        // The panel scrolls inside the fixed-height page: focusable, so that a keyboard can scroll
        // a tab with nothing focusable in it (the overview). The editor's canvas does not scroll.
        tabIndex={tab === 'editor' ? undefined : 0}
        // Room above for the label of a field at the top (an outlined label rises above its
        // field, and the panel clips what leaves it), and under the content for the floating
        // help button, which never covers a control.
        sx={{
          flex: 1,
          minHeight: 0,
          overflow: tab === 'editor' ? 'hidden' : 'auto',
          pt: 1.5,
          pb: 9,
        }}
      >
        <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
          {tab === 'editor' ? (
            <AgentBuilder agent={agent} canUpdate={canUpdate} registerFlush={registerFlush} />
          ) : tab === 'overview' ? (
            <Overview agent={agent} />
          ) : tab === 'chat' ? (
            <AgentChat agentId={agent.id} agentName={agent.name} />
          ) : tab === 'test' ? (
            canUpdate ? (
              <TestConsole key={agent.revision} agentId={agent.id} graph={agent.draft} />
            ) : (
              <Typography color="text.secondary">{t('agents.page.test.readOnly')}</Typography>
            )
          ) : tab === 'runs' ? (
            <RunsTab
              agentId={agent.id}
              canUpdate={canUpdate}
              status={search.status}
              trigger={search.trigger}
              runId={search.run}
              onFilters={(filters) => go(filters, true)}
              onOpenRun={(run) => go({ run })}
            />
          ) : tab === 'triggers' ? (
            <TriggersTab agent={agent} canUpdate={canUpdate} />
          ) : (
            <VersionsTab
              agentId={agent.id}
              canUpdate={canUpdate}
              shown={search.version}
              onShow={(version) => go({ version }, true)}
            />
          )}
        </Suspense>
      </Box>

      {canUpdate ? (
        <>
          <PublishDialog
            agent={agent}
            open={publishing}
            onClose={() => setPublishing(false)}
            beforePublish={() => flushDraft.current?.() ?? Promise.resolve()}
            onPublished={(number) => {
              setPublishing(false);
              enqueueSnackbar(t('agents.page.publish.done', { number }), { variant: 'success' });
            }}
          />
          <EditAgentDialog agent={agent} open={editing} onClose={() => setEditing(false)} />
        </>
      ) : null}
    </Stack>
  );
}

/**
 * The page's tabs. Drawn again only when the tab changes: MUI's scrollable tabs measure
 * themselves after each drawing (a layout of the whole page, 200 steps of a large graph
 * included), and the page is drawn several times while the builder opens.
 */
const AgentTabs = memo(function AgentTabs({
  value,
  onSelect,
}: {
  value: AgentTab;
  onSelect: (value: AgentTab) => void;
}) {
  const { t } = useTranslation();
  // Scrollable (with its scroll buttons) only where the tabs may not fit: MUI's scrollable tabs
  // measure their scroller and buttons once more after each change of their own.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
  return (
    <Tabs
      value={value}
      onChange={(_event, next: AgentTab) => onSelect(next)}
      aria-label={t('agents.page.tabs.label')}
      variant={narrow ? 'scrollable' : 'standard'}
      allowScrollButtonsMobile
      sx={TABS_SX}
    >
      {AGENT_TABS.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          label={
            tab === 'editor'
              ? t('builder.tab')
              : tab === 'triggers'
                ? t('triggers.tab')
                : t(`agents.page.tabs.${tab}`)
          }
          id={`agent-tab-${tab}`}
          aria-controls={`agent-panel-${tab}`}
        />
      ))}
    </Tabs>
  );
});

const TABS_SX = { borderBottom: 1, borderColor: 'divider', flexShrink: 0 } as const;

function Overview({ agent }: { agent: Agent }) {
  const { t, i18n } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const runs = useInfiniteQuery(runsQueryOptions(orgId, agent.id, {}));
  const recent = runs.data?.pages[0]?.items ?? [];
  const count = (status: string) =>
    formatNumber(recent.filter((run) => run.status === status).length, {}, i18n.language);
  const stepsTitle = t('agents.page.overview.steps');
  return (
    <Stack spacing={3}>
      <ProblemsList problems={agent.problems} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('agents.page.overview.runs')}
          </Typography>
          <Typography color="text.secondary">
            {runs.isPending
              ? t('agents.page.loading')
              : t('agents.page.overview.runCounts', {
                  total: formatNumber(recent.length, {}, i18n.language),
                  succeeded: count('succeeded'),
                  failed: count('failed'),
                  running: count('running'),
                })}
          </Typography>
        </CardContent>
      </Card>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {stepsTitle}
        </Typography>
        <StepsList graph={agent.draft} label={stepsTitle} />
      </Box>
    </Stack>
  );
}
