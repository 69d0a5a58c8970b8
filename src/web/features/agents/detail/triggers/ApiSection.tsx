import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/SectionCard';
import { CodeBlock } from './CodeBlock';
import { apiSnippet, SNIPPET_KINDS, type SnippetKind } from './snippets';

const OPENAI_KINDS: ReadonlySet<SnippetKind> = new Set(['openaiPython', 'openaiJs']);

/**
 * Calling the agent from code: the run API in curl, JavaScript and Python, and the
 * OpenAI-compatible endpoint through OpenAI's own clients, each with a copy button.
 */
export function ApiSection({
  agentId,
  slug,
  input,
  keys,
}: {
  agentId: string;
  slug: string;
  input: Record<string, unknown>;
  /** Where API keys are made: a link, or a sentence when there is no page to link to. */
  keys: ReactNode;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<SnippetKind>('curl');
  const origin = window.location.origin;
  const language = t(`triggers.api.${kind}`);
  return (
    <SectionCard id="triggers-api" title={t('triggers.api.title')} intro={t('triggers.api.intro')}>
      <Box sx={{ mb: 2 }}>{keys}</Box>
      <Tabs
        value={kind}
        onChange={(_event, value: SnippetKind) => setKind(value)}
        aria-label={t('triggers.api.languages')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 1 }}
      >
        {SNIPPET_KINDS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`triggers.api.${value}`)}
            id={`triggers-api-tab-${value}`}
            aria-controls="triggers-api-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="triggers-api-panel" aria-labelledby={`triggers-api-tab-${kind}`}>
        {OPENAI_KINDS.has(kind) ? (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('triggers.api.openaiNote')}
          </Typography>
        ) : null}
        <CodeBlock
          code={apiSnippet(kind, { origin, agentId, slug, input })}
          label={t('triggers.api.snippet', { language })}
          copyLabel={t('triggers.api.copy')}
        />
      </Box>
    </SectionCard>
  );
}
