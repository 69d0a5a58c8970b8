import { describe, expect, it } from 'vitest';
import { ABILITY_TABLE, ABILITY_WHO } from '../../../shared/abilities';
import { permissionMatrix } from './matrix';

describe('permissionMatrix', () => {
  const rows = permissionMatrix();
  const row = (subject: string) => rows.find((candidate) => candidate.subject === subject);

  it('has a row for every subject the table names, and only those', () => {
    const named = new Set(
      ABILITY_WHO.flatMap((who) => ABILITY_TABLE[who].flatMap((entry) => entry.subjects)),
    );
    expect(new Set(rows.map((candidate) => candidate.subject))).toEqual(named);
    expect(row('AclDemo')).toBeUndefined();
  });

  it('lists the actions of each who on each subject', () => {
    expect(row('customer')?.grants.everyone).toEqual([{ action: 'manage', own: false }]);
    expect(row('Organization')?.grants.admin.map((grant) => grant.action)).toEqual([
      'read',
      'update',
    ]);
    expect(row('Organization')?.grants.member).toEqual([]);
  });

  it('marks own-record permissions', () => {
    expect(row('User')?.grants.member).toEqual([
      { action: 'read', own: false },
      { action: 'update', own: true },
    ]);
  });
});
