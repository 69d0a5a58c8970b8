import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProjectSortField } from '../../../../shared/schemas/projects';
import { SortableHeaderCell, type TableSorting } from '../../../components/list';
import { RouterLink } from '../../../components/RouterLink';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import type { Project } from '../api/projects';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useNow } from '../useNow';
import { ProjectActionsMenu, type ProjectActions } from './ProjectActions';
import { ProjectAvatar, ProjectStatusChip, safeColour } from './ProjectVisuals';

/** "3 minutes ago", with the full date and time on hover. */
export function RelativeTime({
  value,
  label,
}: {
  value: string;
  label?: (time: string) => string;
}) {
  const { i18n } = useTranslation();
  const now = useNow();
  // A clock a little behind the server's never shows a change 'in 1 minute'.
  const relative = formatRelativeTime(value, Math.max(now, Date.parse(value) || 0), i18n.language);
  return (
    <Tooltip title={formatDateTime(value, i18n.language)} describeChild>
      <Box component="time" dateTime={value}>
        {label ? label(relative) : relative}
      </Box>
    </Tooltip>
  );
}

/** The project's name as a link to its page; `stretched` makes the whole card clickable. */
function ProjectLink({ project, stretched = false }: { project: Project; stretched?: boolean }) {
  return (
    <RouterLink
      to="/projects/$id"
      params={{ id: project.id }}
      underline="hover"
      color="text.primary"
      sx={{
        fontWeight: 600,
        overflowWrap: 'anywhere',
        ...(stretched
          ? { '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 } }
          : {}),
      }}
    >
      {project.name}
    </RouterLink>
  );
}

function Description({ text, lines }: { text: string; lines: number }) {
  const { t } = useTranslation();
  return text ? (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: lines,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </Typography>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {t('projects.list.noDescription')}
    </Typography>
  );
}

/** The projects as cards: colour, icon, name, description, status and last change. */
export function ProjectGrid({
  projects,
  loading,
  skeletons,
  actions,
}: {
  projects: Project[];
  loading: boolean;
  skeletons: number;
  actions: ProjectActions;
}) {
  const { t } = useTranslation();
  const size = { xs: 12, sm: 6, lg: 4 };
  if (loading) {
    return (
      <Grid container spacing={3} aria-hidden>
        {Array.from({ length: skeletons }, (_, index) => (
          <Grid key={index} size={size}>
            <Card variant="outlined" sx={{ p: 2.5, height: '100%' }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Skeleton variant="rounded" width={44} height={44} />
                <Skeleton width="50%" />
              </Stack>
              <Skeleton sx={{ mt: 2 }} />
              <Skeleton width="70%" />
              <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between' }}>
                <Skeleton variant="rounded" width={64} height={24} />
                <Skeleton width={120} />
              </Stack>
            </Card>
          </Grid>
        ))}
      </Grid>
    );
  }
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {projects.map((project) => (
        <Grid key={project.id} size={size} component="li">
          <Card
            variant="outlined"
            component="article"
            aria-label={project.name}
            sx={{
              position: 'relative',
              height: '100%',
              display: 'flex',
              flexDirection: 'column',
              borderTop: 4,
              borderTopColor: safeColour(project.colour),
              transition: 'box-shadow 150ms',
              '&:hover': { boxShadow: 4 },
              '&:focus-within': { boxShadow: 4 },
            }}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 2.5, pb: 1.5 }}>
              <ProjectAvatar icon={project.icon} colour={project.colour} size={44} />
              <Typography
                variant="subtitle1"
                component="h2"
                sx={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}
              >
                <ProjectLink project={project} stretched />
              </Typography>
              <Box sx={{ position: 'relative', zIndex: 1 }}>
                <ProjectActionsMenu project={project} actions={actions} />
              </Box>
            </Stack>
            <Box sx={{ px: 2.5, flex: 1 }}>
              <Description text={project.description} lines={2} />
            </Box>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2.5, pt: 2 }}
            >
              <ProjectStatusChip status={project.status} />
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ position: 'relative', zIndex: 1 }}
              >
                <RelativeTime
                  value={project.updatedAt}
                  label={(time) => t('projects.list.updated', { time })}
                />
              </Typography>
            </Stack>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

const COLUMNS = 6;

/** The projects as a table with sortable columns. */
export function ProjectTable({
  projects,
  loading,
  skeletons,
  busy,
  actions,
  sorting,
}: {
  projects: Project[];
  loading: boolean;
  skeletons: number;
  busy: boolean;
  actions: ProjectActions;
  sorting: TableSorting<ProjectSortField>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table aria-label={t('projects.list.table')} aria-busy={busy}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="name" sorting={sorting}>
              {t('projects.columns.project')}
            </SortableHeaderCell>
            <SortableHeaderCell field="status" sorting={sorting}>
              {t('projects.columns.status')}
            </SortableHeaderCell>
            <TableCell>{t('projects.columns.createdBy')}</TableCell>
            <SortableHeaderCell field="createdAt" sorting={sorting}>
              {t('projects.columns.createdAt')}
            </SortableHeaderCell>
            <SortableHeaderCell field="updatedAt" sorting={sorting}>
              {t('projects.columns.updatedAt')}
            </SortableHeaderCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('projects.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading
            ? Array.from({ length: skeletons }, (_, row) => (
                <TableRow key={row} aria-hidden>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Skeleton variant="rounded" width={36} height={36} />
                      <Box sx={{ flex: 1 }}>
                        <Skeleton width="50%" />
                        <Skeleton width="80%" />
                      </Box>
                    </Stack>
                  </TableCell>
                  {Array.from({ length: COLUMNS - 1 }, (_, cell) => (
                    <TableCell key={cell}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : projects.map((project) => (
                <TableRow key={project.id} hover>
                  <TableCell sx={{ minWidth: 260 }}>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <ProjectAvatar icon={project.icon} colour={project.colour} size={36} />
                      <Box sx={{ minWidth: 0 }}>
                        <ProjectLink project={project} />
                        {project.description ? (
                          <Typography
                            variant="body2"
                            color="text.secondary"
                            noWrap
                            dir="auto"
                            sx={{ maxWidth: 360 }}
                          >
                            {project.description}
                          </Typography>
                        ) : null}
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <ProjectStatusChip status={project.status} />
                  </TableCell>
                  <TableCell>{project.createdBy?.name ?? t('projects.list.unknownUser')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(project.createdAt, i18n.language)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <RelativeTime value={project.updatedAt} />
                  </TableCell>
                  <TableCell align="right">
                    <ProjectActionsMenu project={project} actions={actions} />
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
