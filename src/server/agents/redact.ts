/**
 * What a step log keeps of a value (AGENTS.md, "Runs and steps"): secrets replaced, size capped.
 *
 * - `redactForLog`: the values of keys that name a secret (API keys, passwords, secrets, tokens,
 *   `Authorization` and `Cookie` headers), at any depth and in any case, become '[redacted]'.
 *   Header lists of the `{ name, value }` shape (the http_request step) are redacted by name.
 * - `capJson`: the value as JSON of at most `maxBytes` bytes (UTF-8), still valid JSON: long
 *   strings are cut, long arrays and objects lose their tail; `truncated` says so.
 */

export const REDACTED = '[redacted]';

const SECRET_KEY =
  /^(api[-_]?key|x[-_]?api[-_]?key|password|passwd|secret|client[-_]?secret|token|access[-_]?token|refresh[-_]?token|id[-_]?token|authorization|proxy[-_]?authorization|cookie|set[-_]?cookie|private[-_]?key)$|(password|secret|token|api[-_]?key)$/i;

/** True when a key's value must not reach a log. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.trim());
}

export function redactForLog(value: unknown): unknown {
  return redact(value, new WeakSet());
}

function redact(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  if (value instanceof Date) return value.toISOString();
  const record = value as Record<string, unknown>;
  // A header row `{ name: 'Authorization', value: '…' }`.
  const namedSecret =
    typeof record.name === 'string' && 'value' in record && isSecretKey(record.name);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    if (isSecretKey(key) || (namedSecret && key === 'value')) {
      out[key] = item === null || item === undefined ? item : REDACTED;
    } else {
      out[key] = redact(item, seen);
    }
  }
  return out;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8');

/** The value (JSON-safe) within `maxBytes` of JSON text, and whether anything was cut. */
export function capJson(
  value: unknown,
  maxBytes = 64 * 1024,
): { value: unknown; truncated: boolean } {
  const plain = toJsonValue(value);
  if (bytes(plain) <= maxBytes) return { value: plain, truncated: false };
  // Shrink the per-string and per-collection budgets until the whole fits.
  let stringMax = Math.max(16, Math.floor(maxBytes / 4));
  let itemMax = 1000;
  for (let round = 0; round < 40; round++) {
    const cut = shrink(plain, stringMax, itemMax);
    if (bytes(cut) <= maxBytes) return { value: cut, truncated: true };
    stringMax = Math.max(8, Math.floor(stringMax / 2));
    itemMax = Math.max(1, Math.floor(itemMax / 2));
    if (stringMax === 8 && itemMax === 1 && round > 20) break;
  }
  const marker = { truncated: true };
  return { value: bytes(marker) <= maxBytes ? marker : null, truncated: true };
}

/** JSON's view of a value: what `JSON.stringify` would keep (undefined → null at the top). */
function toJsonValue(value: unknown): unknown {
  try {
    const text = JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'bigint' ? item.toString() : item,
    );
    return text === undefined ? null : (JSON.parse(text) as unknown);
  } catch {
    return String(value);
  }
}

function shrink(value: unknown, stringMax: number, itemMax: number): unknown {
  if (typeof value === 'string') {
    return value.length > stringMax ? `${value.slice(0, stringMax)}…[truncated]` : value;
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, itemMax).map((item) => shrink(item, stringMax, itemMax));
    if (value.length > itemMax) kept.push(`…[${value.length - itemMax} more]`);
    return kept;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    const out: Record<string, unknown> = {};
    for (const [key, item] of entries.slice(0, itemMax))
      out[key] = shrink(item, stringMax, itemMax);
    if (entries.length > itemMax) out['…'] = `[${entries.length - itemMax} more keys]`;
    return out;
  }
  return value;
}
