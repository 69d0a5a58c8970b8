import { describe, expect, it } from 'vitest';
import { projectCreateSchema } from '../../../shared/schemas/projects';
import { isKnownActivity, orderedCounts } from './activity';
import { hasChanges, projectChanges, projectFormValues } from './form';
import {
  lastPage,
  nextListSearch,
  nextSort,
  projectListParams,
  projectListSearchSchema,
} from './list-search';
import { projectPageSearchSchema } from './page-search';
import type { Project } from './api/projects';

const project: Project = {
  id: '8d0e6f0e-5d7b-4d8c-9a55-3f1f4c2b7a10',
  name: 'Apollo',
  description: 'Moon',
  colour: '#7367F0',
  icon: 'rocket',
  status: 'active',
  createdBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};

describe('project list address', () => {
  it('keeps valid params and drops invalid ones instead of failing', () => {
    expect(
      projectListSearchSchema.parse({
        view: 'table',
        search: 'moon',
        status: 'archived',
        page: '3',
        pageSize: '50',
        sort: 'name',
        order: 'asc',
      }),
    ).toEqual({
      view: 'table',
      search: 'moon',
      status: 'archived',
      page: 3,
      pageSize: 50,
      sort: 'name',
      order: 'asc',
    });
    expect(
      projectListSearchSchema.parse({
        view: 'list',
        status: 'deleted',
        page: '0',
        pageSize: '7',
        sort: 'colour',
      }),
    ).toEqual({});
  });

  it('asks the API for active projects, newest first, 20 a page by default', () => {
    expect(projectListParams({})).toEqual({
      search: undefined,
      status: 'active',
      sort: 'createdAt',
      order: 'desc',
      page: 1,
      pageSize: 20,
    });
    expect(projectListParams({ status: 'all', search: '  ' }).status).toBeUndefined();
    expect(projectListParams({ status: 'all', search: '  ' }).search).toBeUndefined();
    expect(projectListParams({ search: ' moon ' }).search).toBe('moon');
  });

  it('leaves defaults out of the address and goes back to page 1 when the list changes', () => {
    expect(nextListSearch({ page: 4, view: 'table' }, { status: 'archived' })).toEqual({
      view: 'table',
      status: 'archived',
    });
    expect(nextListSearch({ page: 4 }, { view: 'table' })).toEqual({ view: 'table', page: 4 });
    expect(nextListSearch({ status: 'archived' }, { status: 'active', view: 'grid' })).toEqual({});
    expect(nextListSearch({ search: 'a' }, { page: 2 })).toEqual({ search: 'a', page: 2 });
    expect(nextListSearch({ search: 'a', page: 3 }, { search: undefined })).toEqual({});
  });

  it('sorts a new column in its natural order and flips the sorted one', () => {
    expect(nextSort({ sort: 'createdAt', order: 'desc' }, 'name')).toEqual({
      sort: 'name',
      order: 'asc',
    });
    expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({
      sort: 'name',
      order: 'desc',
    });
    expect(nextSort({ sort: 'name', order: 'asc' }, 'updatedAt')).toEqual({
      sort: 'updatedAt',
      order: 'desc',
    });
  });

  it('finds the last page that has rows', () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(20, 20)).toBe(1);
    expect(lastPage(21, 20)).toBe(2);
  });

  it('opens the overview tab unless the address names another', () => {
    expect(projectPageSearchSchema.parse({ tab: 'settings' })).toEqual({ tab: 'settings' });
    expect(projectPageSearchSchema.parse({ tab: 'nope' })).toEqual({ tab: undefined });
  });
});

describe('project form', () => {
  it('starts empty with the default colour, icon and status', () => {
    expect(projectFormValues()).toEqual({
      name: '',
      description: '',
      colour: '#7367F0',
      icon: 'folder',
      status: 'active',
    });
  });

  it('sends only what an edit changed', () => {
    const values = projectCreateSchema.parse({
      ...projectFormValues(project),
      name: ' Apollo 11 ',
      colour: '#28c76f',
    });
    const changes = projectChanges(project, values);
    expect(changes).toEqual({ name: 'Apollo 11', colour: '#28C76F' });
    expect(hasChanges(changes)).toBe(true);
    const same = projectChanges(project, projectCreateSchema.parse(projectFormValues(project)));
    expect(hasChanges(same)).toBe(false);
  });

  it('refuses what the shared schema refuses', () => {
    const bad = projectCreateSchema.safeParse({
      ...projectFormValues(),
      name: '   ',
      colour: 'blue',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['colour', 'name']);
  });
});

describe('project overview', () => {
  it('names known activity and orders the counts', () => {
    expect(isKnownActivity('project.archive')).toBe(true);
    expect(isKnownActivity('toString')).toBe(false);
    expect(orderedCounts({ zeta: 1, changes: 3, dataSources: 2 })).toEqual([
      ['changes', 3],
      ['dataSources', 2],
      ['zeta', 1],
    ]);
  });
});
