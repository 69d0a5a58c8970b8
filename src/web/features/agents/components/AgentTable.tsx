import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SkeletonRows, SortableHeaderCell, type TableSorting } from '../../../components/list';
import { RouterLink } from '../../../components/RouterLink';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { AgentSummary } from '../api/agents';
import type { AgentSortField } from '../list-search';
import { AgentActionsMenu, type AgentActions } from './AgentActions';
import { AgentAvatar, AgentStatusChip, RelativeTime } from './AgentVisuals';

const COLUMNS = 5;

/** The agents of one page: name and description, project, status, last change, actions. */
export function AgentTable({
  agents,
  loading,
  skeletons,
  busy,
  actions,
  sorting,
}: {
  agents: AgentSummary[];
  loading: boolean;
  skeletons: number;
  busy: boolean;
  actions: AgentActions;
  sorting: TableSorting<AgentSortField>;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table aria-label={t('agents.list.table')} aria-busy={busy || loading}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="name" sorting={sorting}>
              {t('agents.columns.agent')}
            </SortableHeaderCell>
            <TableCell>{t('agents.columns.project')}</TableCell>
            <TableCell>{t('agents.columns.status')}</TableCell>
            <SortableHeaderCell field="updatedAt" sorting={sorting}>
              {t('agents.columns.updatedAt')}
            </SortableHeaderCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('agents.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading ? (
            <SkeletonRows columns={COLUMNS} rows={skeletons} />
          ) : (
            agents.map((agent) => (
              <TableRow key={agent.id} hover>
                <TableCell sx={{ minWidth: 260 }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <AgentAvatar icon={agent.icon} colour={agent.colour} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body1" sx={{ fontWeight: 500 }}>
                        <RouterLink
                          to="/agents/$id"
                          params={{ id: agent.id }}
                          underline="hover"
                          color="inherit"
                        >
                          {agent.name}
                        </RouterLink>
                      </Typography>
                      {agent.description ? (
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          noWrap
                          dir="auto"
                          sx={{ maxWidth: 360 }}
                        >
                          {agent.description}
                        </Typography>
                      ) : null}
                    </Box>
                  </Stack>
                </TableCell>
                <TableCell>
                  {agent.project ? (
                    agent.project.name
                  ) : (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('agents.list.noProject')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <AgentStatusChip status={agent.status} version={agent.publishedVersion} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <RelativeTime value={agent.updatedAt} />
                </TableCell>
                <TableCell align="right">
                  <AgentActionsMenu agent={agent} actions={actions} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
