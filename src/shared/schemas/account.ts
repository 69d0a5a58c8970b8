import { z } from 'zod';
import { ACTIONS, SUBJECTS, type AbilityRule } from '../abilities.ts';
import { LOCALES } from '../constants.ts';
import { userDataSchema } from '../user-data.ts';
import { membershipSchema } from './organization.ts';

export const USERNAME_RULE = /^[a-z0-9][a-z0-9._-]{1,28}[a-z0-9]$/;
export const ACCOUNT_MESSAGES = {
  required: 'This field is required',
  username: 'Use 3 to 30 lowercase letters, digits, dots, dashes or underscores',
  usernameTaken: 'This username is already taken',
  timeZone: 'Unknown time zone',
  nothingToChange: 'Nothing to change',
} as const;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The account tab of the settings: every field optional, at least one present. */
export const profileUpdateSchema = z
  .strictObject({
    fullName: z.string().trim().min(1, ACCOUNT_MESSAGES.required).max(100).optional(),
    username: z
      .string()
      .trim()
      .toLowerCase()
      .regex(USERNAME_RULE, ACCOUNT_MESSAGES.username)
      .optional(),
    locale: z.enum(LOCALES).optional(),
    timeZone: z.string().max(64).refine(isTimeZone, ACCOUNT_MESSAGES.timeZone).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, ACCOUNT_MESSAGES.nothingToChange);

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** The caller's editable profile (GET /api/v1/me/profile). */
export const profileSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string(),
  locale: z.string().nullable(),
  timeZone: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Events a user can be told about, each by e-mail and in the app. */
export const NOTIFICATION_EVENTS = ['security', 'organization', 'help', 'agents'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const notificationPreferenceSchema = z.strictObject({
  event: z.enum(NOTIFICATION_EVENTS),
  email: z.boolean(),
  inApp: z.boolean(),
});
export const notificationPreferencesSchema = z.strictObject({
  preferences: z.array(notificationPreferenceSchema).max(NOTIFICATION_EVENTS.length),
});
export type NotificationPreference = z.output<typeof notificationPreferenceSchema>;
/** The body of PUT and the answer of GET/PUT /api/v1/me/notification-preferences. */
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

/** Until a user chooses, every event reaches them both ways. */
export const DEFAULT_NOTIFICATION_PREFERENCE = { email: true, inApp: true } as const;

/** How many of the caller's own audit entries the profile shows. */
export const OWN_ACTIVITY_LIMIT = 10;

/** One of the caller's own latest audit entries (GET /api/v1/me/activity). */
export const ownActivitySchema = z.object({
  id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target's name or e-mail as the change recorded it. */
  targetName: z.string().nullable(),
  /** The caller, by their current name. */
  actor: z.object({ id: z.string(), name: z.string() }),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type OwnActivity = z.infer<typeof ownActivitySchema>;
export const ownActivityListSchema = z.object({ items: z.array(ownActivitySchema) });

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]);

/** A CASL raw rule as the server sends it (see `AbilityRule` in src/shared/abilities.ts). */
export const abilityRuleSchema = z.object({
  action: oneOrMany(z.enum(ACTIONS)),
  subject: oneOrMany(z.enum(SUBJECTS)),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
}) as unknown as z.ZodType<AbilityRule>;

/** GET /api/v1/me: the signed-in user, their organisations and their ability rules. */
export const meSchema = z.object({
  user: userDataSchema,
  organizations: z.array(membershipSchema),
  /** The organisation named by X-Organization-Id, if any. */
  organization: z.object({ id: z.string(), role: z.string().nullable() }).nullable(),
  rules: z.array(abilityRuleSchema),
});
export type Me = z.infer<typeof meSchema>;
