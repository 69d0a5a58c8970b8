import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** APP_SECRET, or a secret generated once into DATA_DIR/app-secret (readable by the owner only). */
export function resolveAppSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const SECRET_VERSION = 'v1';

const derivedKeys = new Map<string, Buffer>();

/**
 * A 256-bit key for one purpose (e.g. `data-source-secrets`), derived from the app secret with
 * HKDF once per process (a model call decrypts its provider's key before each request).
 */
function secretKey(appSecret: string, purpose: string): Buffer {
  const id = JSON.stringify([appSecret, purpose]);
  let key = derivedKeys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'meridian', purpose, 32));
    derivedKeys.set(id, key);
  }
  return key;
}

/**
 * Encrypts a secret to store it (AES-256-GCM, random 96-bit IV). `context` is bound to the
 * ciphertext as associated data (e.g. the id of the record that owns it), so that a ciphertext
 * copied to another record does not decrypt. Returns `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export function encryptSecret(
  appSecret: string,
  purpose: string,
  context: string,
  plaintext: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(appSecret, purpose), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SECRET_VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * Secrets decrypted lately, by their stored form (the oldest forgotten first), with what they
 * were decrypted under: a lookup hits only for the same key, purpose and context.
 */
const decrypted = new Map<
  string,
  { appSecret: string; purpose: string; context: string; plaintext: string }
>();
const DECRYPTED_KEPT = 1000;

/**
 * Decrypts what `encryptSecret` returned; throws when the key, context or data do not match.
 * What it decrypted is kept in memory (never on disk): a model call, a webhook or a query
 * decrypts the same secret on every request (a lookup costs a tenth of a decryption).
 */
export function decryptSecret(
  appSecret: string,
  purpose: string,
  context: string,
  stored: string,
): string {
  const kept = decrypted.get(stored);
  if (kept?.appSecret === appSecret && kept.purpose === purpose && kept.context === context) {
    return kept.plaintext;
  }
  const plaintext = decrypt(appSecret, purpose, context, stored);
  decrypted.delete(stored);
  if (decrypted.size >= DECRYPTED_KEPT) decrypted.delete(decrypted.keys().next().value!);
  decrypted.set(stored, { appSecret, purpose, context, plaintext });
  return plaintext;
}

function decrypt(appSecret: string, purpose: string, context: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== SECRET_VERSION || iv === undefined || tag === undefined || data === undefined) {
    throw new Error('Unknown secret format');
  }
  const decipher = createDecipheriv(
    'aes-256-gcm',
    secretKey(appSecret, purpose),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
