import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SOURCE_LIMITS } from '../../../../shared/schemas/data-sources';
import { CodeEditor } from '../../../components/code-editor';
import { useAuthState } from '../../../lib/auth-store';
import { dataSourceSchemaQueryOptions, type DataSourceDetail } from '../api/data-sources';
import { completionSchema } from '../sql-completion';

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
  const orgId = useAuthState((state) => state.selectedOrgId);
  const { run, exporting, exportCsv } = useConsole(source);
  const [problem, setProblem] = useState<'required' | 'tooLong' | null>(null);
  // The Schema tab's answer (shared cache): the editor completes its tables and columns. While
  // it loads, or when the source cannot be reached, the editor simply completes keywords.
  const tables = useQuery(dataSourceSchemaQueryOptions(orgId, source.id));
  const schema = useMemo(
    () => (tables.data ? completionSchema(tables.data.tables) : undefined),
    [tables.data],
  );
  const shortcut = isMac() ? t('dataSources.query.shortcutMac') : t('dataSources.query.shortcut');
  const body = () => ({ sql });
  const submit = () => {
    if (!sql.trim()) {
      setProblem('required');
      return;
    }
    if (sql.length > DATA_SOURCE_LIMITS.sqlMaxLength) {
      setProblem('tooLong');
      return;
    }
    run.mutate(body());
  };
  return (
    <Stack spacing={2}>
      <CodeEditor
        language="sql"
        label={t('dataSources.query.sql')}
        value={sql}
        onChange={(next) => {
          onSqlChange(next);
          setProblem(null);
        }}
        schema={schema}
        onRun={submit}
        minLines={6}
        maxLines={20}
        placeholder={t('dataSources.query.sqlPlaceholder')}
        error={problem ? t(`dataSources.validation.${problem}`) : undefined}
        helperText={t('dataSources.query.sqlHelp', { shortcut })}
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
