import { useEffect, useRef } from 'react';
import { isSearchHotkey } from './search';

/** Calls `onHotkey` on Ctrl+K / Cmd+K anywhere in the page (the browser's own use is prevented). */
export function useSearchHotkey(onHotkey: () => void): void {
  const handler = useRef(onHotkey);
  useEffect(() => {
    handler.current = onHotkey;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSearchHotkey(event)) return;
      event.preventDefault();
      handler.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** "⌘K" on Apple devices, "Ctrl+K" elsewhere. */
export function searchHotkeyLabel(): string {
  const platform =
    typeof navigator === 'undefined'
      ? ''
      : ((navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData
          ?.platform ?? navigator.platform);
  return /mac|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl+K';
}
