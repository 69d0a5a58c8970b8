import { describe, expect, it } from 'vitest';
import { initials } from '../../components/PersonAvatar';
import { USER_LIST_PAGE_SIZE, userListParams, userListSearchSchema } from './list-search';
import { viewerRights } from './view-rights';

describe('userListSearchSchema', () => {
  it('keeps valid params and drops invalid ones instead of failing', () => {
    expect(
      userListSearchSchema.parse({
        page: '3',
        pageSize: 7,
        role: 'admin',
        status: 'gone',
        sort: 'email',
        order: 'sideways',
        scope: 'all',
        search: 'ada',
      }),
    ).toEqual({ page: 3, role: 'admin', sort: 'email', scope: 'all', search: 'ada' });
  });

  it('accepts exactly the page sizes of the spec', () => {
    for (const size of [5, 10, 20, 25, 50, 100]) {
      expect(userListSearchSchema.parse({ pageSize: size }).pageSize).toBe(size);
    }
    expect(userListSearchSchema.parse({ pageSize: 15 }).pageSize).toBeUndefined();
  });
});

describe('userListParams', () => {
  const org = 'org-1';

  it('lists the selected organisation with sensible defaults', () => {
    expect(userListParams({}, { superAdmin: false, orgId: org })).toEqual({
      scope: 'organization',
      search: undefined,
      role: undefined,
      status: undefined,
      sort: 'name',
      order: 'asc',
      page: 1,
      pageSize: USER_LIST_PAGE_SIZE,
    });
  });

  it('never asks for every user unless the viewer is a super admin', () => {
    expect(userListParams({ scope: 'all' }, { superAdmin: false, orgId: org }).scope).toBe(
      'organization',
    );
    expect(userListParams({ scope: 'all' }, { superAdmin: true, orgId: org }).scope).toBe('all');
  });

  it('shows every user to a super admin without a selected organisation', () => {
    expect(userListParams({}, { superAdmin: true, orgId: null }).scope).toBe('all');
  });

  it('sorts by name instead of role across organisations, and trims the search', () => {
    const params = userListParams(
      { scope: 'all', sort: 'role', order: 'desc', search: '  ada ' },
      { superAdmin: true, orgId: org },
    );
    expect(params).toMatchObject({ sort: 'name', order: 'desc', search: 'ada' });
    expect(userListParams({ search: '   ' }, { superAdmin: false, orgId: org }).search).toBe(
      undefined,
    );
  });
});

describe('viewerRights', () => {
  const account = { id: 'u2', memberships: [{ organizationId: 'org-1' }] };
  const viewer = {
    viewerId: 'u1',
    orgId: 'org-1',
    superAdmin: false,
    canUpdateOrganization: false,
  };

  it('gives a plain member no action', () => {
    expect(viewerRights(account, viewer)).toEqual({
      self: false,
      administer: false,
      manageMembership: false,
    });
  });

  it('lets an organisation admin manage the membership of a member of that organisation', () => {
    const admin = { ...viewer, canUpdateOrganization: true };
    expect(viewerRights(account, admin).manageMembership).toBe(true);
    expect(viewerRights(account, { ...admin, orgId: 'org-2' }).manageMembership).toBe(false);
  });

  it('lets a super admin administer others but not themselves', () => {
    const superAdmin = { ...viewer, superAdmin: true, canUpdateOrganization: true };
    expect(viewerRights(account, superAdmin).administer).toBe(true);
    expect(viewerRights({ ...account, id: 'u1' }, superAdmin)).toEqual({
      self: true,
      administer: false,
      manageMembership: false,
    });
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ada King Lovelace')).toBe('AL');
    expect(initials('  grace  ')).toBe('G');
    expect(initials('')).toBe('');
    expect(initials('élodie durand')).toBe('ÉD');
  });
});
