import { createFileRoute } from '@tanstack/react-router';
import { TryBuilderPage } from '../features/agents/builder/try/TryBuilderPage';
import { loadAppTranslations } from '../lib/i18n';

export interface TryBuilderSearch {
  /** Back from signing in to save the draft: the save dialog opens. */
  save?: boolean;
}

export const Route = createFileRoute('/try-builder')({
  staticData: { name: 'try-builder', meta: { layout: 'blank', public: true, fixedHeight: true } },
  validateSearch: (search: Record<string, unknown>): TryBuilderSearch =>
    search.save === 1 || search.save === '1' || search.save === true ? { save: true } : {},
  // The builder's texts are in the signed-in pages' part; a visitor needs them here too.
  beforeLoad: () => loadAppTranslations(),
  component: TryBuilderRoute,
});

function TryBuilderRoute() {
  const { save } = Route.useSearch();
  return <TryBuilderPage save={save === true} />;
}
