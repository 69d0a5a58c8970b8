/** The builder's keyboard commands (listed in ShortcutsHelp). */
export type BuilderCommand =
  | 'undo'
  | 'redo'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'duplicate'
  | 'selectAll'
  | 'fit'
  | 'layout'
  | 'fullScreen'
  | 'leaveFullScreen'
  | 'help';

interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Whether a key press belongs to a field being typed in (forms, code editors). */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).closest !== 'function') return false;
  return (
    (target as HTMLElement).closest('input, textarea, select, [contenteditable="true"]') !== null
  );
}

/** The command a key press on the canvas asks for, or null. */
export function commandFor(event: KeyLike): BuilderCommand | null {
  if (event.altKey || isTyping(event.target)) return null;
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod) {
    if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    if (key === 'c') return 'copy';
    if (key === 'x') return 'cut';
    if (key === 'v') return 'paste';
    if (key === 'd') return 'duplicate';
    if (key === 'a') return 'selectAll';
    return null;
  }
  if (event.shiftKey && (event.code === 'Digit1' || key === '!')) return 'fit';
  if (event.shiftKey && key === 'l') return 'layout';
  if (event.shiftKey && key === 'f') return 'fullScreen';
  if (key === 'escape') return 'leaveFullScreen';
  if (key === '?') return 'help';
  return null;
}
