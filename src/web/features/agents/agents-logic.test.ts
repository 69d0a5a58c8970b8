import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { nextListSearch } from '../../components/list/list-search';
import {
  AGENT_FILTERS,
  AGENT_LIST_STATE_DEFAULTS,
  agentFirstOrder,
  agentListParams,
  agentListSearchSchema,
} from './list-search';
import { exportFilename, TEMPLATE_NEEDS, templateChoices } from './templates';

const PROJECT = '0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6978';
const PROVIDER = '5e0c9a7b-1d2e-4f3a-8b4c-6d7e8f9a0b1c';
const SOURCE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('the /agents address', () => {
  it('starts with every agent, last changed first, on page 1', () => {
    const search = agentListSearchSchema.parse({});
    expect(search).toEqual({
      search: undefined,
      page: undefined,
      pageSize: undefined,
      sort: undefined,
      order: undefined,
      projectId: undefined,
      status: undefined,
    });
    expect(agentListParams(search)).toEqual({
      search: undefined,
      projectId: undefined,
      status: undefined,
      sort: 'updatedAt',
      order: 'desc',
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
  });

  it('reads its filters, sort and paging', () => {
    const search = agentListSearchSchema.parse({
      search: '  support bot ',
      projectId: PROJECT,
      status: 'published',
      sort: 'name',
      order: 'asc',
      page: '3',
      pageSize: '50',
    });
    expect(agentListParams(search)).toEqual({
      search: 'support bot',
      projectId: PROJECT,
      status: 'published',
      sort: 'name',
      order: 'asc',
      page: 3,
      pageSize: 50,
    });
  });

  it('drops what it does not understand rather than refusing the page', () => {
    const search = agentListSearchSchema.parse({
      projectId: 'not-a-uuid',
      status: 'archived',
      sort: 'status',
      order: 'sideways',
      page: '0',
      pageSize: '7',
    });
    expect(agentListParams(search)).toMatchObject({
      projectId: undefined,
      status: undefined,
      sort: 'updatedAt',
      order: 'desc',
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
    expect(agentListParams(agentListSearchSchema.parse({ search: '   ' })).search).toBeUndefined();
  });

  it('goes back to page 1 when a filter changes and keeps defaults out of the address', () => {
    const current = agentListSearchSchema.parse({ page: '4', status: 'draft' });
    expect(
      nextListSearch(current, { projectId: PROJECT }, AGENT_LIST_STATE_DEFAULTS, AGENT_FILTERS),
    ).toEqual({ status: 'draft', projectId: PROJECT });
    expect(nextListSearch(current, { page: 2 }, AGENT_LIST_STATE_DEFAULTS, AGENT_FILTERS)).toEqual({
      status: 'draft',
      page: 2,
    });
    expect(
      nextListSearch(current, { status: undefined }, AGENT_LIST_STATE_DEFAULTS, AGENT_FILTERS),
    ).toEqual({});
  });

  it('sorts names A to Z and dates newest first on a first click', () => {
    expect(agentFirstOrder('name')).toBe('asc');
    expect(agentFirstOrder('updatedAt')).toBe('desc');
    expect(agentFirstOrder('createdAt')).toBe('desc');
  });
});

describe('templates and exports', () => {
  it('sends a provider, model and source only to the templates that use them', () => {
    const choices = { providerId: PROVIDER, model: 'gpt-4o-mini', dataSourceId: SOURCE };
    expect(templateChoices('blank', choices)).toEqual({});
    expect(templateChoices('ask-database', choices)).toEqual(choices);
    expect(templateChoices('summarise-customers', choices)).toEqual(choices);
    expect(templateChoices('webhook-enrich', choices)).toEqual({
      providerId: PROVIDER,
      model: 'gpt-4o-mini',
    });
    expect(
      templateChoices('ask-database', { providerId: '', model: 'x', dataSourceId: '' }),
    ).toEqual({});
    expect(Object.values(TEMPLATE_NEEDS).filter((needs) => needs.provider)).toHaveLength(3);
  });

  it('names the export after the slug', () => {
    expect(exportFilename('support-bot')).toBe('support-bot.agent.json');
    expect(exportFilename('Ask DB / v2')).toBe('ask-db-v2.agent.json');
    expect(exportFilename('')).toBe('agent.agent.json');
  });
});
