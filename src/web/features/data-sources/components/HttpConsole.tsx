import Alert from '@mui/material/Alert';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_LIMITS } from '../../../../shared/schemas/data-sources';
import { type DataSourceDetail } from '../api/data-sources';
import { httpQueryBody, type HttpParamRow } from '../query-logic';

import { RowInput, RowList, useRows } from './EditableRows';
import { ConsoleActions, ConsoleForm, Results, useConsole } from './QueryConsole';

export function HttpConsole({ source }: { source: DataSourceDetail }) {
  const { t } = useTranslation();
  const { run, exporting, exportCsv } = useConsole(source);
  const [path, setPath] = useState('');
  const params = useRows<HttpParamRow>();
  const baseUrl = typeof source.config.baseUrl === 'string' ? source.config.baseUrl : '';
  const body = () => httpQueryBody(path, params.rows);
  const response = run.data?.response;
  return (
    <Stack spacing={2}>
      <ConsoleForm onSubmit={() => run.mutate(body())}>
        <TextField
          label={t('dataSources.query.path')}
          value={path}
          onChange={(event) => setPath(event.target.value)}
          fullWidth
          placeholder={t('dataSources.query.pathPlaceholder')}
          helperText={t('dataSources.query.pathHelp')}
          slotProps={{
            htmlInput: {
              dir: 'ltr',
              spellCheck: false,
              maxLength: DATA_SOURCE_LIMITS.httpPathMaxLength,
              style: { fontFamily: 'monospace' },
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Chip size="small" label={t('dataSources.query.get')} sx={{ mr: 1 }} />
                  <Box
                    component="span"
                    dir="ltr"
                    sx={{
                      fontFamily: 'monospace',
                      maxWidth: 260,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                      color: 'text.secondary',
                    }}
                  >
                    {baseUrl.replace(/\/+$/, '')}
                  </Box>
                </InputAdornment>
              ),
            },
          }}
        />
        <RowList
          title={t('dataSources.query.params')}
          list={params}
          renderRow={(param, index) => (
            <>
              <RowInput
                label={t('dataSources.query.paramName', { number: index + 1 })}
                value={param.name}
                onChange={(name) => params.update(index, { name })}
                sx={{ flex: 1 }}
              />
              <RowInput
                label={t('dataSources.query.paramValue', { number: index + 1 })}
                value={param.value}
                onChange={(value) => params.update(index, { value })}
                sx={{ flex: 2 }}
              />
            </>
          )}
          removeLabel={(number) => t('dataSources.query.removeParam', { number })}
          addLabel={t('dataSources.query.addParam')}
          newRow={() => ({ name: '', value: '' })}
          max={DATA_SOURCE_LIMITS.httpMaxQueryParams}
        />
        <ConsoleActions
          runLabel={t('dataSources.query.send')}
          running={run.isPending}
          exporting={exporting}
          onExport={() => void exportCsv(body())}
        />
      </ConsoleForm>
      {response && !run.isError ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color={response.status < 400 ? 'success' : 'error'}
            label={`${response.status} ${response.statusText}`.trim()}
            sx={{ fontWeight: 600 }}
          />
          {response.contentType ? (
            <Typography variant="body2" color="text.secondary" dir="ltr">
              {response.contentType}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
      <Results
        run={run}
        label={t('dataSources.query.resultsLabel')}
        footer={
          response ? (
            <Accordion
              variant="outlined"
              disableGutters
              defaultExpanded={run.data?.columns.length === 0}
            >
              <AccordionSummary expandIcon={<IconChevronDown size={18} aria-hidden />}>
                <Typography>{t('dataSources.query.rawBody')}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                {response.bodyTruncated ? (
                  <Alert severity="info" sx={{ mb: 1 }}>
                    {t('dataSources.query.bodyTruncated')}
                  </Alert>
                ) : null}
                <Box
                  component="pre"
                  dir="ltr"
                  tabIndex={0}
                  sx={{
                    m: 0,
                    p: 1.5,
                    maxHeight: 400,
                    overflow: 'auto',
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    fontSize: 13,
                    fontFamily: 'monospace',
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                  }}
                >
                  {response.body || t('dataSources.query.emptyBody')}
                </Box>
              </AccordionDetails>
            </Accordion>
          ) : null
        }
      />
    </Stack>
  );
}
