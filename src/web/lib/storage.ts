import {
  PREFERENCE_KEYS,
  STORAGE_KEYS,
  type PreferenceKey,
  type StorageKey,
} from '../../shared/constants';

/**
 * Browser storage under the spec's keys (section 3, in src/shared/constants). The access
 * token is deliberately absent: sessions are httpOnly cookies (ARCHITECTURE.md, Conventions).
 */
export { PREFERENCE_KEYS, STORAGE_KEYS };

type Key = StorageKey | PreferenceKey;

/** localStorage can throw (privacy modes, quota); storage is a convenience, never a failure. */
export function readStorage(key: Key): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: Key, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // ignored: see readStorage
  }
}

export function removeStorage(...keys: Key[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignored: see readStorage
    }
  }
}
