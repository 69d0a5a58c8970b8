/**
 * User data (spec section 3): the signed-in user as the browser keeps it
 * (storage key `userData`) and as the server returns it.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { DEFAULT_USER_ROLE } from './constants.ts';

export const orgRoleSchema = z.object({
  org_id: z.string().min(1),
  role: z.string().min(1),
});
/** One membership: the organisation id and the role in it. */
export type OrgRole = z.infer<typeof orgRoleSchema>;

export const userDataSchema = z.object({
  id: z.string().min(1),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string(),
  role: z.string(),
  super_admin: z.boolean(),
  org_roles: z.array(orgRoleSchema),
});
export type UserData = z.infer<typeof userDataSchema>;

/**
 * What user data is rebuilt from: a session user (top-level fields such as
 * `id`, `email`, `name`, `image`) with optional metadata (`user_metadata` or
 * `metadata`, e.g. full_name, username, avatar_url, picture, photo, role,
 * super_admin). Metadata wins over top-level fields.
 */
export interface UserDataInput {
  id: string;
  email?: string | null;
  user_metadata?: Record<string, unknown> | null;
  metadata?: Record<string, unknown> | null;
  org_roles?: unknown;
  [key: string]: unknown;
}

const FULL_NAME_KEYS = ['full_name', 'fullName', 'name'] as const;
const USERNAME_KEYS = ['username', 'user_name', 'preferred_username'] as const;
const AVATAR_KEYS = ['avatar', 'avatar_url', 'picture', 'image', 'photo'] as const;
const SUPER_ADMIN_KEYS = ['super_admin', 'superAdmin', 'is_super_admin'] as const;
const ORG_ID_KEYS = ['org_id', 'orgId', 'organization_id', 'organizationId'] as const;

type Source = Record<string, unknown>;

function isRecord(value: unknown): value is Source {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first non-blank string found under one of the keys, metadata first. */
function pickString(sources: readonly Source[], keys: readonly string[]): string | undefined {
  for (const source of sources) {
    for (const key of keys) {
      const value = source[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return undefined;
}

function pickBoolean(sources: readonly Source[], keys: readonly string[]): boolean | undefined {
  for (const source of sources) {
    for (const key of keys) {
      const value = source[key];
      if (typeof value === 'boolean') return value;
      if (value === 'true') return true;
      if (value === 'false') return false;
    }
  }
  return undefined;
}

/** The part of an e-mail address before the last `@` (the whole string if there is none). */
export function emailLocalPart(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

function toOrgRoles(value: unknown): OrgRole[] {
  if (!Array.isArray(value)) return [];
  const roles: OrgRole[] = [];
  for (const item of value) {
    if (!isRecord(item)) continue;
    const orgId = pickString([item], ORG_ID_KEYS);
    const role = pickString([item], ['role']);
    if (orgId !== undefined && role !== undefined) roles.push({ org_id: orgId, role });
  }
  return roles;
}

/** Rebuilds user data from a session user (spec section 3 and guard step 2). */
export function buildUserData(input: UserDataInput): UserData {
  const sources: Source[] = [];
  if (isRecord(input.user_metadata)) sources.push(input.user_metadata);
  if (isRecord(input.metadata)) sources.push(input.metadata);
  sources.push(input);

  const email = pickString([input, ...sources], ['email']) ?? '';
  const local = emailLocalPart(email);

  const orgRolesSource = [input, ...sources].find(
    (source) => Array.isArray(source.org_roles) || Array.isArray(source.orgRoles),
  );

  return {
    id: input.id,
    fullName: pickString(sources, FULL_NAME_KEYS) ?? local,
    username: pickString(sources, USERNAME_KEYS) ?? local,
    email,
    avatar: pickString(sources, AVATAR_KEYS) ?? '',
    role: pickString(sources, ['role']) ?? DEFAULT_USER_ROLE,
    super_admin: pickBoolean(sources, SUPER_ADMIN_KEYS) ?? false,
    org_roles: toOrgRoles(orgRolesSource?.org_roles ?? orgRolesSource?.orgRoles),
  };
}

/**
 * Parses user data kept as JSON (storage key `userData`). A value that cannot
 * be parsed gives null and a warning only (spec section 8).
 */
export function parseStoredUserData(
  raw: string | null | undefined,
  warn: (msg: string) => void = console.warn,
): UserData | null {
  if (raw === null || raw === undefined || raw === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    warn('Stored userData cannot be parsed');
    return null;
  }
  const result = userDataSchema.safeParse(value);
  if (!result.success) {
    warn('Stored userData cannot be parsed');
    return null;
  }
  return result.data;
}
