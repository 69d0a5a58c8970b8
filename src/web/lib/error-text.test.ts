import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/error-codes';
import { ACCOUNT_MESSAGES } from '../../shared/schemas/account';
import { ADMIN_MESSAGES } from '../../shared/schemas/admin';
import { CUSTOMER_MESSAGES } from '../../shared/schemas/customers';
import { HELP_REQUEST_MESSAGES } from '../../shared/schemas/help-request';
import { ORGANIZATION_MESSAGES } from '../../shared/schemas/organization';
import { PROJECT_MESSAGES } from '../../shared/schemas/projects';
import { loadLocale } from '../locales';
import { ApiError } from './api';
import { ERROR_CODE_KEYS, errorText, FIELD_MESSAGE_KEYS, fieldMessageText } from './error-text';

const texts: Record<string, TFunction> = {};

beforeAll(async () => {
  for (const code of ['en', 'fr', 'ar'] as const) {
    const i18n = createInstance();
    await i18n.init({
      lng: code,
      resources: { [code]: { translation: await loadLocale(code) } },
      interpolation: { escapeValue: false },
      // A missing key shows itself, so that the test below sees it.
      parseMissingKeyHandler: (key: string) => `MISSING ${key}`,
    });
    texts[code] = i18n.t;
  }
});

const refused = (status: number, code: string, message: string) =>
  new ApiError(status, { code, message });

describe('the one error table', () => {
  it('has a text in every language for each of its codes and messages', () => {
    const keys = [...Object.values(ERROR_CODE_KEYS), ...FIELD_MESSAGE_KEYS.values()];
    for (const t of Object.values(texts)) {
      for (const key of keys) expect(t(key as never)).not.toMatch(/^MISSING/);
    }
  });

  it('knows only codes of the shared list or of Better Auth', () => {
    for (const code of Object.keys(ERROR_CODE_KEYS)) {
      expect(code).toMatch(/^[A-Z_]+$/);
    }
    expect(Object.hasOwn(ERROR_CODE_KEYS, 'PROJECT_NAME_TAKEN')).toBe(true);
    expect(ERROR_CODES.PROJECT_NAME_TAKEN).toBe(409);
  });

  it('translates a specific code whatever the message', () => {
    const t = texts.en as TFunction;
    expect(errorText(t, 'en', refused(409, 'PROJECT_NAME_TAKEN', 'whatever'))).toBe(
      'A project with this name already exists in this organisation',
    );
    expect(
      errorText(texts.fr as TFunction, 'fr', refused(409, 'LAST_SUPER_ADMIN', 'whatever')),
    ).toBe(texts.fr?.('admin.errors.lastSuperAdmin'));
    expect(errorText(t, 'en', { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(
      'Invalid e-mail or password',
    );
  });

  it('says the account and invitation codes in the user’s language, in English as the server does', () => {
    const en = texts.en as TFunction;
    const fr = texts.fr as TFunction;
    const cases = [
      [409, 'USERNAME_TAKEN', ACCOUNT_MESSAGES.usernameTaken],
      [410, 'INVITATION_CLOSED', ORGANIZATION_MESSAGES.invitationClosed],
      [403, 'WRONG_INVITEE', ORGANIZATION_MESSAGES.wrongInvitee],
    ] as const;
    for (const [status, code, message] of cases) {
      expect(errorText(en, 'en', refused(status, code, 'whatever'))).toBe(message);
      const french = errorText(fr, 'fr', refused(status, code, message));
      expect(french).not.toBe(message);
      expect(french).not.toMatch(/^MISSING/);
    }
  });

  it('reads the shared message when the code is generic, else shows the server’s text', () => {
    const t = texts.en as TFunction;
    expect(errorText(t, 'en', refused(404, 'NOT_FOUND', PROJECT_MESSAGES.notFound))).toBe(
      'Project not found',
    );
    expect(errorText(t, 'en', refused(400, 'VALIDATION_ERROR', 'Something new'))).toBe(
      'Something new',
    );
    expect(errorText(t, 'en', refused(500, 'INTERNAL', ''))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(errorText(t, 'en', refused(0, 'NETWORK_ERROR', 'Network error'))).toBe(
      'The server cannot be reached. Check your connection and try again.',
    );
  });

  it('lets a screen word a code its own way', () => {
    const t = texts.en as TFunction;
    const error = refused(400, 'ORGANIZATION_REQUIRED', 'Select an organization first');
    expect(errorText(t, 'en', error)).toBe('Select an organization first');
    expect(errorText(t, 'en', error, { ORGANIZATION_REQUIRED: 'Pick one' })).toBe('Pick one');
  });

  it('translates the field messages of the shared schemas, with their limits', () => {
    const fr = texts.fr as TFunction;
    expect(fieldMessageText(fr, ORGANIZATION_MESSAGES.required)).toBe('Ce champ est obligatoire');
    expect(fieldMessageText(fr, ADMIN_MESSAGES.banReason)).toBe(fr('admin.errors.banReason'));
    const en = texts.en as TFunction;
    expect(fieldMessageText(en, HELP_REQUEST_MESSAGES.min)).toBe(HELP_REQUEST_MESSAGES.min);
    expect(fieldMessageText(en, CUSTOMER_MESSAGES.tags)).toBe(CUSTOMER_MESSAGES.tags);
    expect(fieldMessageText(en, undefined)).toBeUndefined();
  });
});
