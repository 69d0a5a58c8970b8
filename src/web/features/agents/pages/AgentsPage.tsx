import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { IconPlus, IconRobot, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_STATUSES } from '../../../../shared/schemas/agents';
import { SEARCH_MAX_LENGTH } from '../../../../shared/schemas/query';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { MessageCard } from '../../../components/PageStates';
import { PageHeader } from '../../../components/PageHeader';
import { FilterSelect, ListToolbar, TablePager, useListState } from '../../../components/list';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useAuthState } from '../../../lib/auth-store';
import { formatNumber } from '../../../lib/format';
import { agentsQueryOptions, projectOptionsQueryOptions, type Agent } from '../api/agents';
import { useAgentActions, useAgentRights } from '../components/AgentActions';
import { AgentTable } from '../components/AgentTable';
import { CreateAgentDialog } from '../components/CreateAgentDialog';
import { ImportAgentButton } from '../components/ImportAgentButton';
import { agentErrorText } from '../errors';
import {
  AGENT_FILTERS,
  AGENT_LIST_STATE_DEFAULTS,
  agentFirstOrder,
  agentListParams,
  lastPage,
} from '../list-search';

const routeApi = getRouteApi('/agents/');

/** The sort choices of the toolbar (the table's headers offer name and last change too). */
const SORT_CHOICES = [
  'updatedAt_desc',
  'updatedAt_asc',
  'createdAt_desc',
  'createdAt_asc',
  'name_asc',
  'name_desc',
] as const;
type SortChoice = (typeof SORT_CHOICES)[number];
const splitChoice = (choice: SortChoice) => {
  const [sort, order] = choice.split('_') as ['name' | 'createdAt' | 'updatedAt', 'asc' | 'desc'];
  return { sort, order };
};

/** /agents: the selected organisation's agents in a table, with create and import. */
export function AgentsPage() {
  const { t, i18n } = useTranslation();
  const navigate = routeApi.useNavigate();
  const list = useListState({
    search: routeApi.useSearch(),
    navigate: (search, replace) => void navigate({ search, replace }),
    defaults: AGENT_LIST_STATE_DEFAULTS,
    filters: AGENT_FILTERS,
    firstOrder: agentFirstOrder,
  });
  const { search, update } = list;
  const { enqueueSnackbar } = useSnackbar();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const rights = useAgentRights();
  const params = agentListParams(search);
  const agents = useQuery(agentsQueryOptions(orgId, params));
  const projects = useQuery(projectOptionsQueryOptions(orgId));
  const actions = useAgentActions();
  const [creating, setCreating] = useState(false);

  // After a delete on the last page (or a shorter list), go to the last page that has rows.
  const total = agents.data?.total ?? 0;
  const emptyPage = agents.isSuccess && !agents.isPlaceholderData && agents.data.items.length === 0;
  useEffect(() => {
    if (emptyPage && params.page > 1) {
      update({ page: lastPage(total, params.pageSize) }, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [emptyPage, params.page, total, params.pageSize]);

  const items = agents.data?.items ?? [];
  const loading = agents.isPending;
  const projectOptions = projects.data?.items ?? [];
  const projectIds = projectOptions.map((project) => project.id);
  const projectName = (id: string) =>
    projectOptions.find((project) => project.id === id)?.name ?? id;
  const sortChoice = `${params.sort}_${params.order}` as SortChoice;

  const onCreated = (agent: Agent) => {
    setCreating(false);
    enqueueSnackbar(t('agents.create.created', { name: agent.name }), { variant: 'success' });
    update({ page: undefined });
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('agents.list.title')}
        subtitle={t('agents.list.subtitle')}
        action={
          rights.create && orgId ? (
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1.5 }} useFlexGap>
              <ImportAgentButton projectId={params.projectId} />
              <Button
                variant="contained"
                startIcon={<IconPlus size={18} aria-hidden />}
                onClick={() => setCreating(true)}
                sx={{ flexShrink: 0 }}
              >
                {t('agents.create.button')}
              </Button>
            </Stack>
          ) : null
        }
      />

      {!orgId ? (
        <Alert severity="info">{t('agents.noOrganization')}</Alert>
      ) : (
        <>
          <Card variant="outlined">
            <CardContent>
              <ListToolbar
                list={list}
                label={t('agents.list.filters.label')}
                searchLabel={t('agents.list.filters.search')}
                searchPlaceholder={t('agents.list.filters.searchPlaceholder')}
                maxLength={SEARCH_MAX_LENGTH}
              >
                <FilterSelect
                  label={t('agents.list.filters.project')}
                  value={params.projectId}
                  // The address's project stays choosable while the projects load.
                  options={
                    params.projectId && !projectIds.includes(params.projectId)
                      ? [...projectIds, params.projectId]
                      : projectIds
                  }
                  optionLabel={projectName}
                  anyLabel={t('agents.list.filters.anyProject')}
                  showAny
                  onChange={(value) => update({ projectId: value })}
                />
                <FilterSelect
                  label={t('agents.list.filters.status')}
                  value={params.status}
                  options={AGENT_STATUSES}
                  optionLabel={(value) => t(`agents.status.${value}`)}
                  anyLabel={t('agents.list.filters.anyStatus')}
                  showAny
                  onChange={(value) => update({ status: value })}
                />
                <FilterSelect
                  label={t('agents.list.filters.sort')}
                  value={sortChoice}
                  options={SORT_CHOICES}
                  optionLabel={(choice) => t(`agents.list.sort.${choice}`)}
                  onChange={(choice) => {
                    if (choice) update(splitChoice(choice));
                  }}
                  minWidth={180}
                />
              </ListToolbar>
            </CardContent>
          </Card>

          <Box role="status" sx={visuallyHidden}>
            {loading
              ? t('agents.list.loading')
              : t('agents.list.found', { count: formatNumber(total, {}, i18n.language) })}
          </Box>

          {agents.isError ? (
            <ErrorAlert
              error={agents.error}
              lead={t('agents.list.loadError')}
              describe={agentErrorText}
              onRetry={() => void agents.refetch()}
            />
          ) : !loading && items.length === 0 && !(emptyPage && params.page > 1) ? (
            <MessageCard
              icon={list.filtered ? IconSearch : IconRobot}
              title={
                list.filtered ? t('agents.list.empty.filteredTitle') : t('agents.list.empty.title')
              }
              body={
                list.filtered
                  ? t('agents.list.empty.filteredBody')
                  : rights.create
                    ? t('agents.list.empty.body')
                    : t('agents.list.empty.readOnlyBody')
              }
              heading="h2"
              iconColor="primary.main"
            >
              {!list.filtered && rights.create ? (
                <Button
                  variant="contained"
                  startIcon={<IconPlus size={18} aria-hidden />}
                  onClick={() => setCreating(true)}
                >
                  {t('agents.list.empty.create')}
                </Button>
              ) : null}
              {list.filtered ? (
                <Button variant="outlined" onClick={list.clearFilters}>
                  {t('common.clearFilters')}
                </Button>
              ) : null}
            </MessageCard>
          ) : (
            <Card variant="outlined">
              <Box
                sx={{ opacity: agents.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
              >
                <AgentTable
                  agents={items}
                  loading={loading}
                  skeletons={Math.min(params.pageSize, 8)}
                  busy={agents.isFetching}
                  actions={actions}
                  sorting={list.sorting}
                />
              </Box>
              <TablePager
                total={total}
                {...list.paging}
                labelRowsPerPage={t('agents.list.rowsPerPage')}
              />
            </Card>
          )}
        </>
      )}

      {actions.dialogs}
      <CreateAgentDialog open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
    </Stack>
  );
}
