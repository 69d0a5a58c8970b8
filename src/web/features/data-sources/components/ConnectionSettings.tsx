import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ConfiguredDataSourceType } from '../../../../shared/schemas/data-sources';
import { testSavedSource, updateDataSource, type DataSourceDetail } from '../api/data-sources';
import { checkForTest, connectionResolver } from '../connection-form';
import {
  configOf,
  connectionFormFromSource,
  secretOf,
  updateBody,
  type ConnectionForm,
} from '../settings-form';
import { ConnectionFields } from './ConnectionFields';
import {
  ConnectionFeedback,
  showServerFieldErrors,
  TestConnectionButton,
  useConnectionTest,
} from './ConnectionTest';
import { DiscardSaveButtons, SettingsForm } from './SettingsForm';
import { useSaveSource } from './useSaveSource';

/** The settings of a database or HTTP source: edit, test (as edited), save, discard. */
export function ConnectionSettings({
  source,
  type,
  canUpdate,
}: {
  source: DataSourceDetail;
  type: ConfiguredDataSourceType;
  canUpdate: boolean;
}) {
  const [initial] = useState<ConnectionForm>(() => connectionFormFromSource({ ...source, type }));
  const form = useForm<ConnectionForm>({
    resolver: connectionResolver(type, 'update'),
    defaultValues: initial,
  });
  const dirty = form.formState.isDirty;

  // Edited settings are tested as they are (the stored secret unless replaced).
  const check = useConnectionTest(form, (values: ConnectionForm | null) => {
    if (!values) return testSavedSource(source.id);
    const secret = secretOf(type, values);
    return testSavedSource(source.id, {
      config: configOf(type, values),
      ...(secret !== undefined ? { secret } : {}),
    });
  });
  const save = useSaveSource(
    source,
    (values: ConnectionForm) => updateDataSource(source.id, updateBody(type, values)),
    showServerFieldErrors(form),
  );

  const runTest = () => {
    if (!dirty || !canUpdate) check.test.mutate(null);
    else if (checkForTest(form, type)) check.test.mutate(form.getValues());
  };
  const busy = check.test.isPending || save.isPending;

  return (
    <SettingsForm onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <ConnectionFields
        type={type}
        form={form}
        disabled={!canUpdate || save.isPending}
        storedSecret={source.hasSecret}
      />
      <ConnectionFeedback check={check} save={save} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 3, justifyContent: 'space-between' }}
      >
        <TestConnectionButton check={check} onClick={runTest} disabled={busy} />
        {canUpdate ? (
          <DiscardSaveButtons
            dirty={dirty}
            busy={busy}
            saving={save.isPending}
            onDiscard={() => {
              form.reset(initial);
              check.clearResult();
            }}
          />
        ) : null}
      </Stack>
    </SettingsForm>
  );
}
