import { use, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { LocalizedLink } from '@/components/localized-link';
import { Page, PageHeader } from '@/components/page/page';
import { LEVELS, LevelLadder, useEdgeFormat, useEdgeText } from '@/components/level/level';
import { BLOG_PATH, loadBlogEntries, loadPage, textDirection, type BlogEntry, type LoadedPage } from '@/content/pages';
import { isBlogPost, type ContentWidget } from '@/content/paths';
import type { PageHeading } from '@/content/types';
import { DEFAULT_LANGUAGE, languageFromPath } from '@/i18n/languages';
import { useLanguage } from '@/i18n/use-localized-path';
import { useCurrentPlayer } from '@/lib/current-player';
import { useGetClientConfigQuery } from '@/lib/api';
import { BlogCards, useBlogDate } from './blog-cards';
import { MarkdownBody, type Slots } from './markdown-body';
import { MyLimits } from './my-limits';
import { SelfTest } from './self-test';
import styles from './content-page.module.css';

interface PageData extends LoadedPage {
  /** The blog's articles (the blog list, and "more from the blog" under an article). */
  blog: BlogEntry[];
}

/** Pages already asked for, by language and path; a failed load is forgotten so a retry fetches again. */
const pages = new Map<string, Promise<PageData>>();

/** The page of the URL: `/sw/bahati-blog/x` → `bahati-blog/x` in Swahili (English when not yet translated). */
function pageData(pathname: string): Promise<PageData> {
  const lang = languageFromPath(pathname);
  const segments = pathname.split('/').filter(Boolean);
  const path = (lang === DEFAULT_LANGUAGE ? segments : segments.slice(1)).join('/');
  const key = `${lang}/${path}`;
  let data = pages.get(key);
  if (!data) {
    data = Promise.all([loadPage(path, lang), path === BLOG_PATH || isBlogPost(path) ? loadBlogEntries(lang) : []]).then(([loaded, blog]) => ({ ...loaded, blog }));
    data.catch(() => pages.delete(key));
    pages.set(key, data);
  }
  return data;
}

/** The tab title and the description search engines and link previews read. */
function useDocumentMeta(title: string, description: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('common.brand')}`;
    const tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const before = tag?.content;
    if (tag) tag.content = description;
    return () => {
      if (tag && before !== undefined) tag.content = before;
    };
  }, [description, t, title]);
}

/**
 * The placeholders of a page: the mailboxes of `GET /api/config` (`{{email.*}}`, loaded only by pages that have
 * them) and the measured house edge of every level (`{{edge.levelN}}` the figure with its basis,
 * `{{edge.figureN}}` the figure alone, `{{edge.basis}}` the basis), from contracts `MEASURED_HOUSE_EDGE`.
 */
function useSlots(needsMailboxes: boolean): { slots: Slots; state: 'ready' | 'loading' | 'failed'; retry: () => void } {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useGetClientConfigQuery(undefined, { skip: !needsMailboxes });
  const figure = useEdgeFormat('bet');
  const withBasis = useEdgeText('bet');
  const slots = useMemo<Slots>(
    () => ({
      'edge.basis': t('levels.basis.bet'),
      ...Object.fromEntries(LEVELS.flatMap((level) => [[`edge.level${level}`, withBasis(level)], [`edge.figure${level}`, figure(level)]])),
      ...(data
        ? {
            'email.support': data.contactEmails.support,
            'email.privacy': data.contactEmails.privacy,
            'email.dataProtection': data.contactEmails.dataProtection,
            'email.marketing': data.contactEmails.marketing,
          }
        : {}),
    }),
    [data, t, figure, withBasis],
  );
  return { slots, state: !needsMailboxes || data ? 'ready' : isLoading ? 'loading' : isError ? 'failed' : 'loading', retry: () => void refetch() };
}

/** The table levels with the player's own marked (the rules page; the same ladder as the profile's). */
function RulesLevels() {
  const { player } = useCurrentPlayer();
  return <LevelLadder level={player?.level ?? 0} />;
}

/** Sections of a page: a list of them is worth showing from four on. */
const sectionsOf = (headings: PageHeading[]) => headings.filter((h) => h.depth === 2);
const MIN_SECTIONS_FOR_CONTENTS = 4;

function Contents({ sections }: { sections: PageHeading[] }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.toc} aria-labelledby="page-contents">
      <h2 id="page-contents" className={styles.tocTitle}>
        {t('pages.onThisPage')}
      </h2>
      <ol>
        {sections.map((h) => (
          <li key={h.id}>
            <Link to={`#${h.id}`}>
              {h.text}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function ArticleFooter({ path, blog }: { path: string; blog: BlogEntry[] }) {
  const { t } = useTranslation();
  const others = blog.filter((entry) => entry.path !== path);
  return (
    <footer className={styles.articleFooter}>
      {others.length > 0 ? (
        <section aria-labelledby="more-from-blog">
          <h2 id="more-from-blog" className={styles.moreTitle}>
            {t('pages.moreFromBlog')}
          </h2>
          <BlogCards entries={others} compact />
        </section>
      ) : null}
      <LocalizedLink to={`/${BLOG_PATH}`} className="btn btn-ghost">
        <span aria-hidden="true" className={styles.back}>
          ←
        </span>{' '}
        {t('pages.backToBlog')}
      </LocalizedLink>
    </footer>
  );
}

/**
 * Every information page: rules, the provably fair article, the blog and its articles, terms, privacy,
 * contact, transparency, getting started and responsible gaming. The words are Markdown under
 * client/src/content/pages, rendered at build time; this frames them and adds the interactive parts.
 */
export function Component() {
  const { t } = useTranslation();
  const { path, lang, page, blog } = use(pageData(useLocation().pathname));
  const reader = useLanguage();
  const { meta, blocks, headings } = page;
  const post = isBlogPost(path);
  const formatDate = useBlogDate();
  useDocumentMeta(meta.title, meta.description);

  const needsMailboxes = useMemo(() => blocks.some((block) => 'html' in block && block.html.includes('{{email.')), [blocks]);
  const { slots, state, retry } = useSlots(needsMailboxes);
  const fellBack = lang !== reader;
  const sections = sectionsOf(headings);
  const withContents = sections.length >= MIN_SECTIONS_FOR_CONTENTS;

  const widget = (name: ContentWidget, items: string[]) => {
    switch (name) {
      case 'self-test':
        return <SelfTest questions={items} />;
      case 'my-limits':
        return <MyLimits />;
      case 'level-ladder':
        return <RulesLevels />;
      case 'blog-posts':
        return <BlogCards entries={blog} />;
    }
  };

  return (
    <Page>
      <article
        className={`${styles.article} ${path === BLOG_PATH ? styles.wide : ''}`}
        data-testid="content-page"
        data-page={path}
        lang={fellBack ? lang : undefined}
        dir={fellBack ? textDirection(lang) : undefined}
      >
        <div className={styles.head}>
          <PageHeader title={meta.title} lead={post ? undefined : meta.description}>
            {post && meta.date ? (
              <p className={styles.date}>
                <LocalizedLink to={`/${BLOG_PATH}`} className={styles.crumb}>
                  {t('pages.blog')}
                </LocalizedLink>
                <span aria-hidden="true"> · </span>
                <time dateTime={meta.date}>{t('pages.published', { date: formatDate(meta.date) })}</time>
              </p>
            ) : null}
          </PageHeader>
        </div>
        {fellBack ? (
          <p className={`alert alert-info ${styles.notice}`} role="note" lang={reader} dir={textDirection(reader)}>
            {t('pages.englishOnly')}
          </p>
        ) : null}
        {post && meta.image ? <img className={styles.cover} src={meta.image} alt="" width={1200} height={630} /> : null}
        {post && meta.summary ? <p className={styles.summary}>{meta.summary}</p> : null}

        <div className={`${styles.layout} ${withContents ? styles.withToc : ''}`}>
          {withContents ? <Contents sections={sections} /> : null}
          <div className={styles.main}>
            {state === 'failed' ? (
              <div className="alert" role="alert">
                {t('pages.contactsFailed')}{' '}
                <button type="button" className="btn btn-ghost btn-sm" onClick={retry}>
                  {t('common.retry')}
                </button>
              </div>
            ) : null}
            {state === 'loading' ? (
              <p className={styles.loading} role="status">
                {t('common.loading')}
              </p>
            ) : (
              <MarkdownBody blocks={blocks} slots={slots} widget={widget} />
            )}
            {post ? <ArticleFooter path={path} blog={blog} /> : null}
          </div>
        </div>
      </article>
    </Page>
  );
}
