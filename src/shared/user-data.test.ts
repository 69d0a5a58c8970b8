import { describe, it, expect, vi } from 'vitest';
import {
  buildUserData,
  emailLocalPart,
  parseStoredUserData,
  userDataSchema,
  type UserData,
} from './user-data.ts';

describe('buildUserData', () => {
  it('builds user data from session user metadata', () => {
    const data = buildUserData({
      id: 'u1',
      email: 'ada@example.com',
      user_metadata: {
        full_name: 'Ada Lovelace',
        username: 'ada',
        avatar_url: 'https://img.test/ada.png',
        role: 'admin',
        super_admin: true,
      },
      org_roles: [
        { org_id: 'o1', role: 'admin' },
        { org_id: 'o2', role: 'member' },
      ],
    });
    expect(data).toEqual<UserData>({
      id: 'u1',
      fullName: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      avatar: 'https://img.test/ada.png',
      role: 'admin',
      super_admin: true,
      org_roles: [
        { org_id: 'o1', role: 'admin' },
        { org_id: 'o2', role: 'member' },
      ],
    });
    expect(userDataSchema.safeParse(data).success).toBe(true);
  });

  it('falls back to the local part of the e-mail and the defaults', () => {
    expect(buildUserData({ id: 'u2', email: 'grace.hopper@navy.test' })).toEqual<UserData>({
      id: 'u2',
      fullName: 'grace.hopper',
      username: 'grace.hopper',
      email: 'grace.hopper@navy.test',
      avatar: '',
      role: 'client',
      super_admin: false,
      org_roles: [],
    });
  });

  it('handles a missing e-mail', () => {
    const data = buildUserData({ id: 'u3', email: null });
    expect(data.email).toBe('');
    expect(data.fullName).toBe('');
    expect(data.username).toBe('');
  });

  it.each([
    [{ full_name: 'A B' }, 'A B'],
    [{ fullName: 'C D' }, 'C D'],
    [{ name: 'E F' }, 'E F'],
    [{ full_name: '   ', name: 'G H' }, 'G H'],
    [{ full_name: 'I J', name: 'ignored' }, 'I J'],
  ])('takes fullName from %o', (metadata, expected) => {
    expect(buildUserData({ id: 'u', email: 'x@y.test', user_metadata: metadata }).fullName).toBe(
      expected,
    );
  });

  it('reads top-level fields of a Better Auth style user', () => {
    const data = buildUserData({
      id: 'u4',
      email: 'linus@example.com',
      name: 'Linus',
      image: 'https://img.test/l.png',
      superAdmin: true,
    });
    expect(data.fullName).toBe('Linus');
    expect(data.username).toBe('linus');
    expect(data.avatar).toBe('https://img.test/l.png');
    expect(data.super_admin).toBe(true);
  });

  it('prefers metadata over top-level fields', () => {
    const data = buildUserData({
      id: 'u5',
      email: 'm@example.com',
      name: 'Top',
      user_metadata: { full_name: 'Meta' },
    });
    expect(data.fullName).toBe('Meta');
  });

  it.each([
    ['avatar', { avatar: 'a.png' }, 'a.png'],
    ['avatar_url', { avatar_url: 'b.png' }, 'b.png'],
    ['picture', { picture: 'c.png' }, 'c.png'],
    ['image', { image: 'd.png' }, 'd.png'],
    ['photo', { photo: 'e.png' }, 'e.png'],
    ['avatar before picture', { picture: 'p.png', avatar: 'a.png' }, 'a.png'],
    ['none', {}, ''],
    ['non-string', { avatar: 42 }, ''],
  ])('takes avatar from %s', (_name, metadata, expected) => {
    expect(buildUserData({ id: 'u', metadata }).avatar).toBe(expected);
  });

  it.each([
    [{ super_admin: true }, true],
    [{ super_admin: false }, false],
    [{ super_admin: 'true' }, true],
    [{ super_admin: 1 }, false],
    [{}, false],
  ])('super_admin from %o is %s', (metadata, expected) => {
    expect(buildUserData({ id: 'u', user_metadata: metadata }).super_admin).toBe(expected);
  });

  it('keeps only well-formed org_roles entries and accepts camelCase ids', () => {
    const data = buildUserData({
      id: 'u',
      org_roles: [
        { org_id: 'o1', role: 'admin' },
        { orgId: 'o2', role: 'user' },
        { organizationId: 'o3', role: 'developer' },
        { org_id: 'o4' },
        { role: 'member' },
        'nope',
        null,
      ],
    });
    expect(data.org_roles).toEqual([
      { org_id: 'o1', role: 'admin' },
      { org_id: 'o2', role: 'user' },
      { org_id: 'o3', role: 'developer' },
    ]);
  });

  it('reads org_roles from metadata and ignores a non-array value', () => {
    expect(
      buildUserData({ id: 'u', user_metadata: { org_roles: [{ org_id: 'o', role: 'member' }] } })
        .org_roles,
    ).toEqual([{ org_id: 'o', role: 'member' }]);
    expect(buildUserData({ id: 'u', org_roles: 'admin' }).org_roles).toEqual([]);
  });
});

describe('emailLocalPart', () => {
  it.each([
    ['a@b.test', 'a'],
    ['first.last+tag@b.test', 'first.last+tag'],
    ['"odd@local"@b.test', '"odd@local"'],
    ['no-at-sign', 'no-at-sign'],
    ['', ''],
  ])('%s -> %s', (email, expected) => {
    expect(emailLocalPart(email)).toBe(expected);
  });
});

describe('parseStoredUserData', () => {
  const valid: UserData = buildUserData({ id: 'u', email: 'a@b.test' });

  it('parses stored user data', () => {
    expect(parseStoredUserData(JSON.stringify(valid))).toEqual(valid);
  });

  it('returns null without warning when nothing is stored', () => {
    const warn = vi.fn();
    expect(parseStoredUserData(null, warn)).toBeNull();
    expect(parseStoredUserData('', warn)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(['{not json', '"a string"', JSON.stringify({ id: 'u' })])(
    'warns and returns null for %s',
    (raw) => {
      const warn = vi.fn();
      expect(parseStoredUserData(raw, warn)).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
    },
  );
});
