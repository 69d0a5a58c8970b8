import { detectDevice } from '../../../../../shared/user-agent';

/** "Chrome · Linux" from a user agent; null when nothing is recognised. */
export function describeDevice(userAgent: string | null | undefined): string | null {
  const { browser, system } = detectDevice(userAgent);
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? null;
}
