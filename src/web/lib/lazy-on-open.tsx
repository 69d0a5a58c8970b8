import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog or drawer whose code is fetched the first time it opens, not with the page that
 * holds its button: until `open` first turns true nothing renders and nothing is fetched; from
 * then on it stays mounted (its closing transition, its state), like an eager one.
 * `prefetch` warms the chunk (e.g. on hovering or focusing the button that opens it).
 */
export function lazyOnOpen<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { prefetch: () => void } {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function OpenedOnce(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  // A failed prefetch is retried by the open that needs it (and then reported).
  const prefetch = () => void load().catch(() => undefined);
  return Object.assign(OpenedOnce, { prefetch });
}
