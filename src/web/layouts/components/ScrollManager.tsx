import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SCROLL_OFFSET_PX } from '../../../shared/constants';

/** Smooth scroll to the element of a URL hash, leaving 60 px above it (spec section 2). */
export function scrollToHash(hash: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return false;
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), behavior });
  return true;
}

/**
 * After each navigation (spec section 2): scroll smoothly to the hash with a 60 px offset,
 * otherwise to the top. With the router's scroll restoration on, it already scrolls new pages
 * to the top and restores positions on back/forward; this only adds the hash behaviour.
 */
export function ScrollManager() {
  const router = useRouter();
  useEffect(() => {
    return router.subscribe('onRendered', ({ toLocation, pathChanged }) => {
      const { hash } = toLocation;
      if (hash) {
        // Wait a frame so a freshly rendered page has its elements and layout.
        requestAnimationFrame(() => scrollToHash(hash));
      } else if (pathChanged && !router.options.scrollRestoration) {
        window.scrollTo({ top: 0 });
      }
    });
  }, [router]);
  return null;
}
