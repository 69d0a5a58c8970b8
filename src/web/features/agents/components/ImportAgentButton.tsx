import Button from '@mui/material/Button';
import { IconFileImport } from '@tabler/icons-react';
import { useSnackbar } from 'notistack';
import { useId, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useImportAgent } from '../api/agents';
import { agentErrorText } from '../errors';

/** The largest file the browser reads before sending it (an export is a few kilobytes). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * "Import": a file input (an agent's export, `.agent.json`) read in the browser and sent to
 * POST /api/v1/agents/import; the new agent joins the project of the list's filter, if any.
 */
export function ImportAgentButton({ projectId }: { projectId?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const importer = useImportAgent();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  const invalid = () =>
    enqueueSnackbar(t('agents.import.invalid'), { variant: 'error', preventDuplicate: true });

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return invalid();
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      return invalid();
    }
    importer.mutate(
      { document, projectId: projectId ?? null },
      {
        onSuccess: (agent) =>
          enqueueSnackbar(t('agents.import.done', { name: agent.name }), { variant: 'success' }),
        onError: (error) =>
          enqueueSnackbar(agentErrorText(t, i18n.language, error), { variant: 'error' }),
      },
    );
  };

  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".json,application/json"
        aria-label={t('agents.import.label')}
        style={visuallyHidden as CSSProperties}
        tabIndex={-1}
        disabled={importer.isPending}
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <Button
        variant="outlined"
        startIcon={<IconFileImport size={18} aria-hidden />}
        disabled={importer.isPending}
        onClick={() => input.current?.click()}
        sx={{ flexShrink: 0 }}
      >
        {importer.isPending ? t('agents.import.pending') : t('agents.import.button')}
      </Button>
    </>
  );
}
