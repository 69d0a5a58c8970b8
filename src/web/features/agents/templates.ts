import type { AgentTemplate } from '../../../shared/schemas/agents';

/** What a template's steps need from the organisation before it can run. */
export interface TemplateNeeds {
  /** A model provider (and model) for its model steps. */
  provider: boolean;
  /** A data source it queries. */
  dataSource: boolean;
}

export const TEMPLATE_NEEDS: Record<AgentTemplate, TemplateNeeds> = {
  blank: { provider: false, dataSource: false },
  'ask-database': { provider: true, dataSource: true },
  'summarise-customers': { provider: true, dataSource: true },
  'webhook-enrich': { provider: true, dataSource: false },
};

/** Locale keys of each template's card (`agents.templates.<key>.title|body`). */
export const TEMPLATE_KEYS = {
  blank: 'blank',
  'ask-database': 'askDatabase',
  'summarise-customers': 'summariseCustomers',
  'webhook-enrich': 'webhookEnrich',
} as const satisfies Record<AgentTemplate, string>;

/** The file name of an agent's export: `<slug>.agent.json` (a safe name when the slug is empty). */
export function exportFilename(slug: string): string {
  const safe = slug
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${safe || 'agent'}.agent.json`;
}

/**
 * The create body for the chosen template: the provider, model and data source only when the
 * template uses them (blank sends none), empty choices left out.
 */
export function templateChoices(
  template: AgentTemplate,
  choices: {
    providerId?: string | undefined;
    model?: string | undefined;
    dataSourceId?: string | undefined;
  },
): { providerId?: string; model?: string; dataSourceId?: string } {
  const needs = TEMPLATE_NEEDS[template];
  const out: { providerId?: string; model?: string; dataSourceId?: string } = {};
  if (needs.provider && choices.providerId) {
    out.providerId = choices.providerId;
    if (choices.model) out.model = choices.model;
  }
  if (needs.dataSource && choices.dataSourceId) out.dataSourceId = choices.dataSourceId;
  return out;
}
