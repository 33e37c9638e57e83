import { useCallback, useEffect, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { CopyButton } from '@/components/copy-button/copy-button';
import { useLocalizePath } from '@/i18n/use-localized-path';
import type { ContentWidget } from '@/content/paths';
import type { PageBlock } from '@/content/types';
import styles from './content-page.module.css';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const unescapeAttribute = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

export type Slots = Partial<Record<string, string>>;

interface Prepare {
  localize: (path: string) => string;
  externalNote: string;
  slots: Slots;
}

/**
 * The build marks what depends on where and by whom a page is read (vite-markdown-pages.ts); here it is
 * filled in: app links get the language prefix, links to other sites their "opens in a new tab" note, and
 * `{{email.support}}` and the other placeholders their value.
 */
export function prepareHtml(html: string, { localize, externalNote, slots }: Prepare): string {
  return html
    .replace(/<a href="([^"]*)" data-internal=""/g, (_, href: string) => `<a href="${escapeHtml(localize(unescapeAttribute(href)))}" data-internal=""`)
    .replace(/<span data-external-note=""><\/span>/g, `<span class="visually-hidden"> ${escapeHtml(externalNote)}</span>`)
    .replace(/\{\{([a-zA-Z]+\.[a-zA-Z0-9]+)\}\}/g, (_, name: string) => escapeHtml(slots[name] ?? ''));
}

/** Scrolls to the heading the URL's #fragment names, also when the page arrived after the navigation. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    if (target.matches('h2, h3, h4')) {
      target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
  }, [hash, ready]);
}

interface MarkdownBodyProps {
  blocks: PageBlock[];
  slots: Slots;
  widget: (name: ContentWidget, items: string[]) => ReactNode;
}

/**
 * A page's rendered Markdown. Clicks on app links are routed (no reload), #fragment links scroll within the
 * page; links to other sites and mailto links are left to the browser.
 */
export function MarkdownBody({ blocks, slots, widget }: MarkdownBodyProps) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const externalNote = t('common.externalLink');
  const prepared = useMemo(
    () => blocks.map((block) => ('html' in block ? { html: prepareHtml(block.html, { localize, externalNote, slots }) } : block)),
    [blocks, externalNote, localize, slots],
  );
  useScrollToHash(true);

  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest('a');
      const href = anchor?.getAttribute('href');
      if (!anchor || !href || anchor.target === '_blank') return;
      if (anchor.hasAttribute('data-internal')) {
        event.preventDefault();
        navigate(href);
      } else if (anchor.hasAttribute('data-fragment')) {
        event.preventDefault();
        navigate({ hash: href });
      }
    },
    [navigate],
  );

  return (
    // Clicks bubble up from the links inside the rendered HTML (each link stays a focusable link: Enter clicks it).
    <div className={styles.body} onClick={onClick}>
      {prepared.map((block, index) =>
        'html' in block ? (
          <div key={index} className={styles.prose} dangerouslySetInnerHTML={{ __html: block.html }} />
        ) : 'widget' in block ? (
          <div key={index}>
            {widget(block.widget, block.items)}
          </div>
        ) : (
          <div key={index} className={styles.code}>
            <div className={styles.codeBar}>
              <span className={styles.codeLang}>{block.lang === 'text' ? '' : block.lang}</span>
              <CopyButton text={block.code} label={t('pages.copyCode')} />
            </div>
            <pre tabIndex={0}>
              <code className={block.lang ? `language-${block.lang}` : undefined}>{block.code}</code>
            </pre>
          </div>
        ),
      )}
    </div>
  );
}
