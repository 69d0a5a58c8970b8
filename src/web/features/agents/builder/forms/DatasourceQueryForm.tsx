import Stack from '@mui/material/Stack';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDataSourceChoices, useTableColumns } from '../../api/builder-lookups';
import { CodeField, SelectInput } from './fields';
import { sqlParameters } from './node-data';
import { FieldGroup, RowCard } from './rows';

/** An example in the field's own language (code), the same in every locale. */
const SQL_EXAMPLE = 'SELECT * FROM orders WHERE customer_id = :customer_id';

/** One template per parameter the SQL names, and those still set that it no longer names. */
function ParamRows() {
  const { t } = useTranslation();
  const { control, setValue, getValues } = useFormContext();
  const sql = (useWatch({ control, name: 'sql' }) as string | undefined) ?? '';
  const params =
    (useWatch({ control, name: 'params' }) as Record<string, string> | undefined) ?? {};
  const inSql = sqlParameters(sql);
  const names = [...inSql, ...Object.keys(params).filter((name) => !inSql.includes(name))];
  return (
    <FieldGroup title={t('builderForms.query.params')} helper={t('builderForms.query.paramsHelp')}>
      {names.map((name, index) => {
        const unused = !inSql.includes(name);
        return (
          <RowCard
            key={name}
            title={`:${name}`}
            itemName={`:${name}`}
            index={index}
            count={names.length}
            onRemove={
              unused
                ? () => {
                    const { [name]: _removed, ...rest } = getValues('params') as Record<
                      string,
                      string
                    >;
                    setValue('params', rest, { shouldDirty: true, shouldValidate: true });
                  }
                : undefined
            }
          >
            <CodeField
              name={`params.${name}`}
              language="template"
              label={t('builderForms.query.paramValue', { name })}
              helper={unused ? t('builderForms.query.paramUnused') : undefined}
              minLines={1}
              maxLines={3}
            />
          </RowCard>
        );
      })}
    </FieldGroup>
  );
}

export function DatasourceQueryForm() {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const dataSourceId = (useWatch({ control, name: 'dataSourceId' }) as string | undefined) ?? '';
  const path = useWatch({ control, name: 'path' }) as string | undefined;
  const filter = useWatch({ control, name: 'filter' }) as string | undefined;
  const sources = useDataSourceChoices();
  const tables = useTableColumns(dataSourceId);
  const choices = sources.data ?? [];
  const chosen = choices.find((source) => source.id === dataSourceId);
  const kind = chosen?.type;
  const options = choices.map((source) => ({
    value: source.id,
    label: `${source.name} (${t(`builderForms.query.sourceTypes.${source.type}`)})`,
  }));
  if (dataSourceId && !chosen) {
    options.push({
      value: dataSourceId,
      label: sources.isLoading ? t('builderForms.loading') : t('builderForms.query.unknownSource'),
    });
  }
  const showSql = kind === undefined || kind === 'postgres' || kind === 'mysql';

  return (
    <Stack spacing={2}>
      <SelectInput
        name="dataSourceId"
        label={t('builderForms.query.dataSource')}
        helper={
          sources.isError ? t('builderForms.lookupFailed') : t('builderForms.query.dataSourceHelp')
        }
        options={options}
        required
      />
      {showSql ? (
        <>
          <CodeField
            name="sql"
            language="sql"
            label={t('builderForms.query.sql')}
            helper={t('builderForms.query.sqlHelp')}
            schema={tables.data}
            minLines={4}
            maxLines={20}
            placeholder={SQL_EXAMPLE}
          />
          <ParamRows />
        </>
      ) : null}
      {kind === 'http' || (kind === undefined && path !== undefined) ? (
        <CodeField
          name="path"
          language="template"
          label={t('builderForms.query.path')}
          helper={t('builderForms.query.pathHelp')}
          minLines={1}
          maxLines={3}
        />
      ) : null}
      {kind === 'file' || (kind === undefined && filter !== undefined) ? (
        <CodeField
          name="filter"
          language="template"
          label={t('builderForms.query.filter')}
          helper={t('builderForms.query.filterHelp')}
          minLines={2}
          maxLines={8}
        />
      ) : null}
    </Stack>
  );
}
