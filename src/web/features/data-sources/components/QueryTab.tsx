import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_LIMITS } from '../../../../shared/schemas/data-sources';
import { type DataSourceDetail } from '../api/data-sources';

import { FileConsole } from './FileConsole';
import { HttpConsole } from './HttpConsole';
import { ConsoleActions, isMac, Results, useConsole } from './QueryConsole';

/** The SQL typed in the console is kept by the page (it survives a change of tab). */
interface ConsoleProps {
  source: DataSourceDetail;
  sql: string;
  onSqlChange: (sql: string) => void;
}

/** The console of a source: SQL for databases, a GET for HTTP APIs, filter and sort for files. */
export function QueryTab({ source, sql, onSqlChange }: ConsoleProps) {
  if (source.type === 'http') return <HttpConsole source={source} />;
  if (source.type === 'file') return <FileConsole source={source} />;
  return <SqlConsole source={source} sql={sql} onSqlChange={onSqlChange} />;
}

function SqlConsole({ source, sql, onSqlChange }: ConsoleProps) {
  const { t } = useTranslation();
  const { run, exporting, exportCsv } = useConsole(source);
  const [emptyError, setEmptyError] = useState(false);
  const shortcut = isMac() ? t('dataSources.query.shortcutMac') : t('dataSources.query.shortcut');
  const body = () => ({ sql });
  const submit = () => {
    if (!sql.trim()) {
      setEmptyError(true);
      return;
    }
    run.mutate(body());
  };
  return (
    <Stack spacing={2}>
      <TextField
        label={t('dataSources.query.sql')}
        value={sql}
        onChange={(event) => {
          onSqlChange(event.target.value);
          setEmptyError(false);
        }}
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
        multiline
        minRows={6}
        maxRows={20}
        fullWidth
        placeholder={t('dataSources.query.sqlPlaceholder')}
        error={emptyError}
        helperText={
          emptyError
            ? t('dataSources.validation.required')
            : t('dataSources.query.sqlHelp', { shortcut })
        }
        slotProps={{
          htmlInput: {
            dir: 'ltr',
            spellCheck: false,
            autoCapitalize: 'off',
            autoCorrect: 'off',
            maxLength: DATA_SOURCE_LIMITS.sqlMaxLength,
            style: {
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: 14,
            },
          },
        }}
      />
      <ConsoleActions
        runLabel={t('dataSources.query.run')}
        running={run.isPending}
        onRun={submit}
        exporting={exporting}
        onExport={() => void exportCsv(body())}
        exportDisabled={!sql.trim()}
      />
      <Results run={run} label={t('dataSources.query.resultsLabel')} />
    </Stack>
  );
}
