/**
 * Roles (/apps/roles): each organisation role with its member count and its permissions, read
 * from the ability table the server enforces. Isomorphic: imports nothing from src/server or
 * src/web.
 */
import { z } from 'zod';
import { ACTIONS, SUBJECTS } from '../abilities.ts';
import { ORG_ROLES } from '../constants.ts';

/** One entry of the ability table: these actions on these subjects. */
export const rolePermissionSchema = z.object({
  actions: z.array(z.enum(ACTIONS)),
  subjects: z.array(z.enum(SUBJECTS)),
  /** Only the user's own record. */
  own: z.boolean(),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;

export const roleSchema = z.object({
  role: z.enum(ORG_ROLES),
  memberCount: z.number().int(),
  permissions: z.array(rolePermissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

/** GET /api/v1/roles. */
export const roleListSchema = z.object({
  items: z.array(roleSchema),
  total: z.number().int(),
  /** What every signed-in user may do, whatever their role. */
  everyone: z.array(rolePermissionSchema),
  /** What the super-admin flag adds. */
  superAdmin: z.array(rolePermissionSchema),
});
export type RoleList = z.infer<typeof roleListSchema>;
