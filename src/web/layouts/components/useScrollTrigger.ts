import { useEffect, useState } from 'react';

interface ScrollTriggerOptions {
  /** Scrolled past this many pixels. */
  threshold: number;
  /** Without hysteresis the trigger follows the threshold only; with it, scrolling up resets it. */
  disableHysteresis?: boolean;
}

/**
 * Whether the window is scrolled past `threshold` (MUI's `useScrollTrigger`, for the window only).
 * The position is read in scroll events only, never when the component mounts: reading it then
 * forces a layout of the page being opened (a 200-step builder's canvas included) before it is
 * complete. A page opens at the top, and a restored position comes with a scroll event.
 */
export function useScrollTrigger({ threshold, disableHysteresis = false }: ScrollTriggerOptions) {
  const [triggered, setTriggered] = useState(false);
  useEffect(() => {
    let previous: number | undefined;
    const onScroll = () => {
      const current = window.scrollY;
      const scrollingUp = previous !== undefined && current < previous;
      previous = current;
      setTriggered(!disableHysteresis && scrollingUp ? false : current > threshold);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold, disableHysteresis]);
  return triggered;
}
