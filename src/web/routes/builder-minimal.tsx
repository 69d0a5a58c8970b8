import { createFileRoute } from '@tanstack/react-router';
import { MinimalBuilderPage } from '../features/agents/builder/MinimalBuilderPage';
import { loadAppTranslations } from '../lib/i18n';

export interface BuilderMinimalSearch {
  /** The agent to open (a signed-in member); without it, the builder works like /try-builder. */
  agent?: string;
  save?: boolean;
}

export const Route = createFileRoute('/builder-minimal')({
  staticData: {
    name: 'builder-minimal',
    meta: { layout: 'blank', public: true, fixedHeight: true },
  },
  validateSearch: (search: Record<string, unknown>): BuilderMinimalSearch => ({
    ...(typeof search.agent === 'string' && search.agent ? { agent: search.agent } : {}),
    ...(search.save === 1 || search.save === '1' || search.save === true ? { save: true } : {}),
  }),
  beforeLoad: () => loadAppTranslations(),
  component: BuilderMinimalRoute,
});

function BuilderMinimalRoute() {
  const { agent, save } = Route.useSearch();
  return <MinimalBuilderPage agentId={agent ?? null} save={save === true} />;
}
