import { z } from 'zod';
import { LOCALES } from '../constants.ts';

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

export type Profile = {
  id: string;
  fullName: string;
  username: string;
  email: string;
  avatar: string;
  locale: string | null;
  timeZone: string | null;
};

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Events a user can be told about, each by e-mail and in the app. */
export const NOTIFICATION_EVENTS = ['security', 'organization', 'help'] as const;
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

/** Until a user chooses, every event reaches them both ways. */
export const DEFAULT_NOTIFICATION_PREFERENCE = { email: true, inApp: true } as const;
