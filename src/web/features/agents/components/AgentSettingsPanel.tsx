import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  agentSettingsSchema,
  MAX_CONCURRENT_RUNS,
  RUN_RETENTION_DAYS,
  type AgentSettings,
} from '../../../../shared/schemas/runs';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SectionCard } from '../../../components/SectionCard';
import { SubmitButton } from '../../../components/SubmitButton';
import { SubmitForm } from '../../../components/SubmitForm';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { fieldMessageText } from '../../../lib/error-text';
import { muiRegister } from '../../../lib/forms';
import { agentSettingsQueryOptions, useSaveAgentSettings } from '../api/agent-settings';

type Values = z.input<typeof agentSettingsSchema>;

/** A form's values from the saved settings (an unset budget is an empty field). */
const formValues = (settings: AgentSettings): Values => ({
  ...settings,
  monthlyTokenBudget: settings.monthlyTokenBudget ?? '',
  monthlyCostBudget: settings.monthlyCostBudget ?? '',
});

/**
 * The organisation page's "Agents" tab: how long run logs are kept, how many queued runs
 * execute at once, the monthly budget. Every member sees it; organisation admins (update
 * Organization) change it.
 */
export function AgentSettingsPanel() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const canEdit = useAbility().can('update', 'Organization');
  const orgId = useAuthState((state) => state.selectedOrgId);
  const settings = useQuery(agentSettingsQueryOptions(orgId));
  const save = useSaveAgentSettings(orgId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, AgentSettings>({ resolver: zodResolver(agentSettingsSchema) });

  useEffect(() => {
    if (settings.data) reset(formValues(settings.data));
  }, [settings.data, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => enqueueSnackbar(t('agents.settings.saved'), { variant: 'success' }),
    }),
  );

  return (
    <SectionCard
      id="agent-settings-heading"
      title={t('agents.settings.title')}
      intro={t('agents.settings.intro')}
    >
      {settings.isError ? (
        <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Skeleton height={56} width={240} aria-label={t('common.loading')} />
      ) : (
        <SubmitForm
          onSubmit={onSubmit}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            {...muiRegister(register('runRetentionDays'))}
            type="number"
            label={t('agents.settings.days')}
            disabled={!canEdit}
            slotProps={{
              htmlInput: { min: RUN_RETENTION_DAYS.min, max: RUN_RETENTION_DAYS.max, step: 1 },
            }}
            error={!!errors.runRetentionDays}
            helperText={fieldMessageText(t, errors.runRetentionDays?.message)}
            sx={{ width: 240 }}
          />
          <TextField
            {...muiRegister(register('maxConcurrentRuns'))}
            type="number"
            label={t('agentQueue.settings.maxConcurrentRuns')}
            disabled={!canEdit}
            slotProps={{
              htmlInput: { min: MAX_CONCURRENT_RUNS.min, max: MAX_CONCURRENT_RUNS.max, step: 1 },
            }}
            error={!!errors.maxConcurrentRuns}
            helperText={
              fieldMessageText(t, errors.maxConcurrentRuns?.message) ||
              t('agentQueue.settings.maxConcurrentRunsHelp')
            }
            sx={{ width: 240 }}
          />
          <TextField
            {...muiRegister(register('monthlyTokenBudget'))}
            type="number"
            label={t('agentQueue.settings.monthlyTokenBudget')}
            disabled={!canEdit}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            error={!!errors.monthlyTokenBudget}
            helperText={
              fieldMessageText(t, errors.monthlyTokenBudget?.message) ||
              t('agentQueue.settings.budgetHelp')
            }
            sx={{ width: 240 }}
          />
          <TextField
            {...muiRegister(register('monthlyCostBudget'))}
            type="number"
            label={t('agentQueue.settings.monthlyCostBudget')}
            disabled={!canEdit}
            slotProps={{ htmlInput: { min: 0, step: 'any' } }}
            error={!!errors.monthlyCostBudget}
            helperText={
              fieldMessageText(t, errors.monthlyCostBudget?.message) ||
              t('agentQueue.settings.budgetHelp')
            }
            sx={{ width: 240 }}
          />
          {canEdit ? (
            <Box sx={{ pt: 1 }}>
              <SubmitButton
                pending={save.isPending}
                pendingLabel={t('agents.settings.saving')}
                disabled={!isDirty}
              >
                {t('agents.settings.save')}
              </SubmitButton>
            </Box>
          ) : (
            <Typography color="text.secondary" sx={{ alignSelf: 'center' }}>
              {t('agents.settings.readOnly')}
            </Typography>
          )}
          {save.isError ? (
            <Box sx={{ flexBasis: '100%' }}>
              <ErrorAlert error={save.error} />
            </Box>
          ) : null}
        </SubmitForm>
      )}
    </SectionCard>
  );
}
