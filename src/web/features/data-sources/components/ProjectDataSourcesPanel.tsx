import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconDatabase, IconLinkOff, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import {
  dataSourcesQueryOptions,
  projectDataSourcesQueryOptions,
  type DataSourceItem,
} from '../api/data-sources';
import { useErrorText } from '../../../components/ErrorAlert';
import { AssignPicker, usePick } from './AssignPicker';
import { DataSourceName } from './DataSourceName';
import { DataSourceTypeIcon } from './DataSourceTypeIcon';
import { useAssignProject, useUnassignProject } from './useProjectLinks';

const PAGE_SIZE = 10;

/**
 * The "Data sources" tab of a project page: the sources assigned to the project, with links to
 * them; who may update data sources assigns another one or removes one from the project.
 */
export function ProjectDataSourcesPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const ability = useAbility();
  const canUpdate = ability.can('update', 'DataSource');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [assignOpen, setAssignOpen] = useState(false);

  const sources = useQuery(
    projectDataSourcesQueryOptions(orgId, projectId, { page, pageSize: PAGE_SIZE, sort: 'name' }),
  );

  const unassign = useUnassignProject((name) => t('dataSources.panel.unassigned', { name }));

  const items = sources.data?.items ?? [];
  const total = sources.data?.total ?? 0;

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('dataSources.panel.title')}
        subheader={t('dataSources.panel.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          canUpdate ? (
            <Button
              variant="contained"
              startIcon={<IconPlus size={18} aria-hidden />}
              onClick={() => setAssignOpen(true)}
            >
              {t('dataSources.panel.assign')}
            </Button>
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {sources.isError ? (
          <Alert severity="error">
            {t('dataSources.panel.loadFailed', { message: errorText(sources.error) })}
          </Alert>
        ) : sources.isPending ? (
          <Stack spacing={1}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={44} />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Stack spacing={1} sx={{ alignItems: 'center', py: 4, color: 'text.secondary' }}>
            <IconDatabase size={40} aria-hidden />
            <Typography>{t('dataSources.panel.empty')}</Typography>
          </Stack>
        ) : (
          <>
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('dataSources.panel.columns.name')}</TableCell>
                    <TableCell>{t('dataSources.panel.columns.type')}</TableCell>
                    {canUpdate ? <TableCell align="right">{t('common.actions')}</TableCell> : null}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((source) => (
                    <TableRow key={source.id} hover>
                      <TableCell>
                        <DataSourceName source={source} compact />
                      </TableCell>
                      <TableCell>{t(`dataSources.types.${source.type}`)}</TableCell>
                      {canUpdate ? (
                        <TableCell align="right">
                          <Tooltip title={t('dataSources.panel.unassign', { name: source.name })}>
                            <span>
                              <IconButton
                                aria-label={t('dataSources.panel.unassign', { name: source.name })}
                                onClick={() =>
                                  unassign.mutate({
                                    sourceId: source.id,
                                    projectId,
                                    name: source.name,
                                  })
                                }
                                disabled={unassign.isPending}
                                size="small"
                              >
                                <IconLinkOff size={18} aria-hidden />
                              </IconButton>
                            </span>
                          </Tooltip>
                        </TableCell>
                      ) : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {total > PAGE_SIZE ? (
              <TablePagination
                component="div"
                count={total}
                page={page - 1}
                rowsPerPage={PAGE_SIZE}
                rowsPerPageOptions={[PAGE_SIZE]}
                onPageChange={(_event, next) => setPage(next + 1)}
              />
            ) : null}
          </>
        )}
      </CardContent>
      {assignOpen ? (
        <AssignDialog
          projectId={projectId}
          assignedIds={new Set(items.map((source) => source.id))}
          onClose={() => setAssignOpen(false)}
        />
      ) : null}
    </Card>
  );
}

function AssignDialog({
  projectId,
  assignedIds,
  onClose,
}: {
  projectId: string;
  assignedIds: Set<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const errorText = useErrorText();
  const pick = usePick<DataSourceItem>();
  const selected = pick.selected;
  const options = useQuery(
    dataSourcesQueryOptions(orgId, {
      search: pick.search.trim() || undefined,
      pageSize: 50,
      sort: 'name',
    }),
  );
  const assign = useAssignProject((name) => t('dataSources.panel.assigned', { name }), onClose);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="assign-ds-title">
      <DialogTitle id="assign-ds-title">{t('dataSources.panel.assignTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <AssignPicker
            pick={pick}
            options={options}
            assignedIds={assignedIds}
            autoFocus
            label={t('dataSources.panel.pick')}
            placeholder={t('dataSources.panel.pickPlaceholder')}
            noOptionsText={t('dataSources.panel.noOptions')}
            renderOption={(option) => (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <DataSourceTypeIcon type={option.type} size={26} />
                <span>{option.name}</span>
                <Typography variant="body2" color="text.secondary" component="span">
                  {t(`dataSources.types.${option.type}`)}
                </Typography>
              </Stack>
            )}
          />
          {assign.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorText(assign.error)}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!selected || assign.isPending}
          onClick={() =>
            selected && assign.mutate({ sourceId: selected.id, projectId, name: selected.name })
          }
        >
          {t('dataSources.panel.assignAction')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
