import { z } from 'zod';

// Messages are locale keys; the form translates them. Better Auth's default password
// limits (8 to 128 characters) are the server's, mirrored here for immediate feedback.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const emailField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(EMAIL_MAX_LENGTH, 'validation.tooLong')
  .pipe(z.email('validation.email'));

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'validation.required'),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX_LENGTH, 'validation.tooLong'),
  email: emailField,
  password: z
    .string()
    .min(1, 'validation.required')
    .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
    .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong'),
  terms: z.boolean().refine((accepted) => accepted, 'validation.termsRequired'),
});
export type RegisterValues = z.infer<typeof registerSchema>;

/** Rules shown under the password field while typing. */
export const PASSWORD_RULES = [
  { id: 'minLength', test: (password: string) => password.length >= PASSWORD_MIN_LENGTH },
] as const;

export const totpSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'validation.totpCode')),
  trustDevice: z.boolean(),
});

export const backupCodeSchema = z.object({
  code: z.string().trim().min(1, 'validation.required'),
  trustDevice: z.boolean(),
});
export type TwoFactorValues = z.input<typeof backupCodeSchema>;

export const resendSchema = z.object({ email: emailField });
export type ResendValues = z.infer<typeof resendSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const newPasswordField = registerSchema.shape.password;

export const resetPasswordSchema = z.object({ password: newPasswordField });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
