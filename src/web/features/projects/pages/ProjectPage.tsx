import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  IconArrowBackUp,
  IconChartPie,
  IconDatabase,
  IconFolderQuestion,
  IconPencil,
  IconSettings,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink, LoadFailed, MessageCard } from '../../../components/PageStates';
import { RouterButton } from '../../../components/RouterLink';
import { useAuthState } from '../../../lib/auth-store';
import { projectQueryOptions, type Project } from '../api/projects';
import { isProjectNotFound, projectErrorText } from '../errors';
import { PROJECT_TABS, type ProjectTab } from '../page-search';
import {
  ProjectActionsMenu,
  useProjectActions,
  useProjectRights,
} from '../components/ProjectActions';
import { RelativeTime } from '../components/ProjectCollection';
import { ProjectOverview } from '../components/ProjectOverview';
import { ProjectSettings } from '../components/ProjectSettings';
import { ProjectAvatar, ProjectStatusChip, safeColour } from '../components/ProjectVisuals';
import { visuallyHidden } from '../../../components/visually-hidden';

const routeApi = getRouteApi('/projects/$id');

const TAB_ICONS = {
  overview: IconChartPie,
  'data-sources': IconDatabase,
  settings: IconSettings,
} as const;

const TAB_LABELS = {
  overview: 'projects.page.tabs.overview',
  'data-sources': 'projects.page.tabs.dataSources',
  settings: 'projects.page.tabs.settings',
} as const;

/**
 * /projects/{id}: the project's header and its overview, data sources and settings tabs.
 * `dataSources` is the data-sources tab's content (another feature's panel, given by the route).
 */
export function ProjectPage({ dataSources }: { dataSources: ReactNode }) {
  const { t } = useTranslation();
  const { id } = routeApi.useParams();
  const { tab } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const project = useQuery(projectQueryOptions(orgId, id));
  const actions = useProjectActions({
    onDeleted: () => void navigate({ to: '/projects', replace: true }),
  });
  const current: ProjectTab = tab ?? 'overview';
  const tabsId = useId();

  const backLink = <BackLink to="/projects">{t('projects.page.back')}</BackLink>;

  if (!orgId) {
    return (
      <Stack spacing={3}>
        {backLink}
        <Alert severity="info">{t('projects.noOrganization')}</Alert>
      </Stack>
    );
  }

  if (project.isError) {
    if (isProjectNotFound(project.error)) {
      return (
        <Stack spacing={3}>
          {backLink}
          <MessageCard
            icon={IconFolderQuestion}
            title={t('projects.page.notFound.title')}
            body={t('projects.page.notFound.body')}
          >
            <RouterButton to="/projects" variant="contained">
              {t('projects.page.notFound.action')}
            </RouterButton>
          </MessageCard>
        </Stack>
      );
    }
    return (
      <Stack spacing={3}>
        {backLink}
        <LoadFailed
          title={t('projects.page.title')}
          lead={t('projects.page.loadError')}
          error={project.error}
          onRetry={() => void project.refetch()}
          describe={projectErrorText}
        />
      </Stack>
    );
  }

  if (project.isPending) {
    return (
      <Stack spacing={3} aria-busy="true">
        {backLink}
        <Box role="status" sx={visuallyHidden}>
          {t('projects.page.loading')}
        </Box>
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Skeleton variant="rounded" width={64} height={64} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="30%" height={36} />
                <Skeleton width="50%" />
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }

  const data = project.data;
  const tabId = (value: ProjectTab) => `${tabsId}-tab-${value}`;
  const panelId = (value: ProjectTab) => `${tabsId}-panel-${value}`;

  return (
    <Stack spacing={3}>
      {backLink}
      <ProjectHeader project={data} actions={actions} />
      {data.status === 'archived' ? <ArchivedBanner project={data} actions={actions} /> : null}

      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={current}
          onChange={(_event, value: ProjectTab) =>
            void navigate({
              search: value === 'overview' ? {} : { tab: value },
              replace: true,
            })
          }
          aria-label={t('projects.page.tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {PROJECT_TABS.map((value) => {
            const TabIcon = TAB_ICONS[value];
            return (
              <Tab
                key={value}
                value={value}
                id={tabId(value)}
                aria-controls={panelId(value)}
                label={t(TAB_LABELS[value])}
                icon={<TabIcon size={18} aria-hidden />}
                iconPosition="start"
                sx={{ minHeight: 48 }}
              />
            );
          })}
        </Tabs>
      </Box>

      <Box role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)}>
        {current === 'overview' ? (
          <ProjectOverview project={data} />
        ) : current === 'data-sources' ? (
          dataSources
        ) : (
          <ProjectSettings project={data} actions={actions} />
        )}
      </Box>

      {actions.dialogs}
    </Stack>
  );
}

/** The header card and the archived banner both act on the project shown. */
interface ProjectPartProps {
  project: Project;
  actions: ReturnType<typeof useProjectActions>;
}

function ProjectHeader({ project, actions }: ProjectPartProps) {
  const { t } = useTranslation();
  const rights = useProjectRights();
  return (
    <Card variant="outlined" sx={{ borderTop: 4, borderTopColor: safeColour(project.colour) }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <ProjectAvatar icon={project.icon} colour={project.colour} size={64} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
            >
              <Typography
                variant="h4"
                component="h1"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {project.name}
              </Typography>
              <ProjectStatusChip status={project.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              <RelativeTime
                value={project.updatedAt}
                label={(time) => t('projects.list.updated', { time })}
              />
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
            {rights.update ? (
              <Button
                variant="outlined"
                startIcon={<IconPencil size={18} aria-hidden />}
                onClick={() => actions.edit(project)}
              >
                {t('projects.actions.edit')}
              </Button>
            ) : null}
            <ProjectActionsMenu
              project={project}
              actions={actions}
              showOpen={false}
              showEdit={false}
            />
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

function ArchivedBanner({ project, actions }: ProjectPartProps) {
  const { t } = useTranslation();
  const rights = useProjectRights();
  return (
    <Alert
      severity="info"
      action={
        rights.update ? (
          <Button
            color="inherit"
            size="small"
            startIcon={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => actions.setArchived(project, false)}
            disabled={actions.busy(project)}
          >
            {t('projects.actions.restore')}
          </Button>
        ) : undefined
      }
    >
      {t('projects.page.archivedBanner')}
    </Alert>
  );
}
