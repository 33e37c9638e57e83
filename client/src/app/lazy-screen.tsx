import { lazy, type ComponentType } from 'react';
import { loadScreenTexts } from '@/i18n';

/**
 * A screen loaded on first visit: its module (which exports `Component`) and, unless it is the welcome
 * page the first load is built around, the catalog's screen texts, fetched together so the screen never
 * renders a raw key. A failed chunk reaches the shell's error boundary, which offers a reload.
 */
export function lazyScreen(load: () => Promise<{ Component: ComponentType }>, { texts = true } = {}) {
  const Screen = lazy(async () => {
    const [module] = await Promise.all([load(), texts ? loadScreenTexts() : undefined]);
    return { default: module.Component };
  });
  return <Screen />;
}
