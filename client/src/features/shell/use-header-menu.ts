import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

const MOBILE_QUERY = '(max-width: 860px)';

/**
 * The header's menu on narrow screens: open or closed, and what closes it — a move elsewhere, Escape, a click
 * outside the header, or the screen growing wide enough for the menu bar.
 */
export function useHeaderMenu() {
  const location = useLocation();
  // The address the menu was opened at, null while it is closed. A move elsewhere closes it. A screen that was
  // still loading when the menu was opened again (the address had changed, the screen not yet) leaves it open
  // when it arrives.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt !== null;
  const headerRef = useRef<HTMLElement>(null);
  const closeMenu = useCallback(() => setMenuOpenAt(null), []);

  useEffect(() => setMenuOpenAt((at) => (at === location.pathname ? at : null)), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const mobile = window.matchMedia(MOBILE_QUERY);
    const onChange = () => {
      if (!mobile.matches) closeMenu();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) closeMenu();
    };
    mobile.addEventListener('change', onChange);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      mobile.removeEventListener('change', onChange);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen, closeMenu]);
  const toggleMenu = () => setMenuOpenAt((at) => (at === null ? window.location.pathname : null));

  return { menuOpen, closeMenu, toggleMenu, headerRef };
}
