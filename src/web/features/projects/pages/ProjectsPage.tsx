import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  IconFolderPlus,
  IconFolderSearch,
  IconLayoutGrid,
  IconList,
  IconPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectSortField } from '../../../../shared/schemas/projects';
import { SEARCH_MAX_LENGTH, type SortOrder } from '../../../../shared/schemas/query';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { MessageCard } from '../../../components/PageStates';
import { FilterSelect, ListToolbar, TablePager, useListState } from '../../../components/list';
import { useAuthState } from '../../../lib/auth-store';
import { formatNumber } from '../../../lib/format';
import { projectsQueryOptions, type Project } from '../api/projects';
import { projectErrorText } from '../errors';
import {
  lastPage,
  PROJECT_FILTERS,
  PROJECT_LIST_DEFAULTS,
  PROJECT_LIST_STATE_DEFAULTS,
  PROJECT_STATUS_FILTERS,
  projectFirstOrder,
  projectListParams,
  type ProjectView,
} from '../list-search';
import { useProjectActions, useProjectRights } from '../components/ProjectActions';
import { ProjectGrid, ProjectTable } from '../components/ProjectCollection';
import { ProjectFormDialog } from '../components/ProjectFormDialog';
import { visuallyHidden } from '../../../components/visually-hidden';
import { PageHeader } from '../../../components/PageHeader';

const routeApi = getRouteApi('/projects/');

/** The sort choices of the toolbar (the table's headers offer the same). */
const SORT_CHOICES = [
  'createdAt_desc',
  'createdAt_asc',
  'updatedAt_desc',
  'updatedAt_asc',
  'name_asc',
  'name_desc',
  'status_asc',
  'status_desc',
] as const;
type SortChoice = (typeof SORT_CHOICES)[number];

const splitChoice = (choice: SortChoice) => {
  const [sort, order] = choice.split('_') as [ProjectSortField, SortOrder];
  return { sort, order };
};

/** /projects: the selected organisation's projects as cards or a table. */
export function ProjectsPage() {
  const { t, i18n } = useTranslation();
  const navigate = routeApi.useNavigate();
  const list = useListState({
    search: routeApi.useSearch(),
    navigate: (search, replace) => void navigate({ search, replace }),
    defaults: PROJECT_LIST_STATE_DEFAULTS,
    filters: PROJECT_FILTERS,
    firstOrder: projectFirstOrder,
  });
  const { search, update } = list;
  const { enqueueSnackbar } = useSnackbar();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const rights = useProjectRights();
  const params = projectListParams(search);
  const view: ProjectView = search.view ?? PROJECT_LIST_DEFAULTS.view;
  const status = search.status ?? PROJECT_LIST_DEFAULTS.status;
  const projects = useQuery(projectsQueryOptions(orgId, params));
  const actions = useProjectActions();
  const [creating, setCreating] = useState(false);

  // After a delete on the last page (or a shorter list), go to the last page that has rows.
  const total = projects.data?.total ?? 0;
  const emptyPage =
    projects.isSuccess && !projects.isPlaceholderData && projects.data.items.length === 0;
  useEffect(() => {
    if (emptyPage && params.page > 1) {
      update({ page: lastPage(total, params.pageSize) }, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [emptyPage, params.page, total, params.pageSize]);

  const items = projects.data?.items ?? [];
  const loading = projects.isPending;
  const number = (value: number) => formatNumber(value, {}, i18n.language);
  const sortChoice = `${params.sort}_${params.order}` as SortChoice;

  const onCreated = (project: Project) => {
    setCreating(false);
    enqueueSnackbar(t('projects.create.created', { name: project.name }), { variant: 'success' });
    // A new project is listed first under the default order: show the list that holds it.
    if (project.status === 'archived' && status === 'active') update({ status: 'all' });
    else update({ page: undefined });
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('projects.list.title')}
        subtitle={t('projects.list.subtitle')}
        action={
          rights.create ? (
            <Button
              variant="contained"
              startIcon={<IconPlus size={18} aria-hidden />}
              onClick={() => setCreating(true)}
              disabled={!orgId}
              sx={{ flexShrink: 0 }}
            >
              {t('projects.create.button')}
            </Button>
          ) : null
        }
      />

      {!orgId ? (
        <Alert severity="info">{t('projects.noOrganization')}</Alert>
      ) : (
        <>
          <Card variant="outlined">
            <CardContent>
              <ListToolbar
                list={list}
                label={t('projects.list.filters.label')}
                searchLabel={t('projects.list.filters.search')}
                searchPlaceholder={t('projects.list.filters.searchPlaceholder')}
                maxLength={SEARCH_MAX_LENGTH}
                clearable={false}
              >
                <FilterSelect
                  label={t('projects.list.filters.status')}
                  value={status}
                  options={PROJECT_STATUS_FILTERS}
                  optionLabel={(value) => t(`projects.list.filters.statuses.${value}`)}
                  onChange={(value) => update({ status: value })}
                />
                <FilterSelect
                  label={t('projects.list.filters.sort')}
                  value={sortChoice}
                  options={SORT_CHOICES}
                  optionLabel={(choice) => t(`projects.list.sort.${choice}`)}
                  onChange={(choice) => {
                    if (choice) update(splitChoice(choice));
                  }}
                  minWidth={180}
                />
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={view}
                  aria-label={t('projects.list.view.label')}
                  onChange={(_event, value: ProjectView | null) => {
                    if (value) update({ view: value });
                  }}
                >
                  <ToggleButton value="grid" aria-label={t('projects.list.view.grid')}>
                    <IconLayoutGrid size={18} aria-hidden />
                  </ToggleButton>
                  <ToggleButton value="table" aria-label={t('projects.list.view.table')}>
                    <IconList size={18} aria-hidden />
                  </ToggleButton>
                </ToggleButtonGroup>
              </ListToolbar>
            </CardContent>
          </Card>

          <Box role="status" sx={visuallyHidden}>
            {loading
              ? t('projects.list.loading')
              : t('projects.list.found', { count: number(total) })}
          </Box>

          {projects.isError ? (
            <ErrorAlert
              error={projects.error}
              lead={t('projects.list.loadError')}
              describe={projectErrorText}
              onRetry={() => void projects.refetch()}
            />
          ) : !loading && items.length === 0 && !(emptyPage && params.page > 1) ? (
            <EmptyState
              search={params.search}
              status={status}
              canCreate={rights.create}
              onCreate={() => setCreating(true)}
              onClear={list.clearFilters}
            />
          ) : (
            <Card
              variant="outlined"
              // The cards of the grid stand on the page; the table sits in one card.
              sx={
                view === 'grid'
                  ? { border: 0, bgcolor: 'transparent', overflow: 'visible' }
                  : undefined
              }
            >
              <Box
                sx={{
                  opacity: projects.isPlaceholderData ? 0.6 : 1,
                  transition: 'opacity 150ms',
                }}
                aria-busy={projects.isFetching}
              >
                {view === 'grid' ? (
                  <ProjectGrid
                    projects={items}
                    loading={loading}
                    skeletons={Math.min(params.pageSize, 6)}
                    actions={actions}
                  />
                ) : (
                  <ProjectTable
                    projects={items}
                    loading={loading}
                    skeletons={Math.min(params.pageSize, 8)}
                    busy={projects.isFetching}
                    actions={actions}
                    sorting={list.sorting}
                  />
                )}
              </Box>
              <TablePager
                total={total}
                {...list.paging}
                labelRowsPerPage={t('projects.list.pagination.rowsPerPage')}
                sx={view === 'grid' ? { mt: 1 } : undefined}
              />
            </Card>
          )}
        </>
      )}

      {actions.dialogs}
      <ProjectFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(project) => onCreated(project)}
      />
    </Stack>
  );
}

function EmptyState({
  search,
  status,
  canCreate,
  onCreate,
  onClear,
}: {
  search: string | undefined;
  status: (typeof PROJECT_STATUS_FILTERS)[number];
  canCreate: boolean;
  onCreate: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  // Without a search, an empty list of live projects invites to create the first one.
  const invite = !search && status !== 'archived';
  const title = search
    ? t('projects.list.empty.searchTitle', { search })
    : status === 'archived'
      ? t('projects.list.empty.archivedTitle')
      : status === 'active'
        ? t('projects.list.empty.activeTitle')
        : t('projects.list.empty.title');
  const body = search
    ? t('projects.list.empty.searchBody')
    : status === 'archived'
      ? t('projects.list.empty.archivedBody')
      : canCreate
        ? t('projects.list.empty.body')
        : t('projects.list.empty.readOnlyBody');
  return (
    <MessageCard
      icon={invite ? IconFolderPlus : IconFolderSearch}
      title={title}
      body={body}
      heading="h2"
      iconColor="primary.main"
    >
      {invite && canCreate ? (
        <Button
          variant="contained"
          startIcon={<IconPlus size={18} aria-hidden />}
          onClick={onCreate}
        >
          {t('projects.list.empty.create')}
        </Button>
      ) : null}
      {search || status === 'archived' ? (
        <Button variant="outlined" onClick={onClear}>
          {search ? t('projects.list.filters.clear') : t('projects.list.empty.showActive')}
        </Button>
      ) : null}
    </MessageCard>
  );
}
