import { LEVELS } from '@bahati/contracts';
/**
 * The information pages written in Markdown. Each is `pages/<path>/<lang>.md` (English, `en.md`, is required;
 * a language without its own file shows the English page) and is mounted at `/<path>` under every language
 * prefix. The build checks that the folders under pages/ and this list agree (vite-markdown-pages.ts).
 */
export const CONTENT_PAGE_PATHS = [
  'rules',
  'provably-fair-blackjack',
  'bahati-blog',
  'bahati-blog/online-blackjack-licensing-and-safety',
  'bahati-blog/transparency-bahati-return-rates',
  'bahati-blog/blackjack-card-counting-online',
  'bahati-blog/provably-fair-blackjack',
  'bahati-contact-information',
  'bahati-privacy-policy',
  'bahati-terms-of-use',
  'vanta-transparency-in-gaming-policy',
  'get-started-playing-blackjack',
  'responsible-gaming-practices',
] as const;

export type ContentPagePath = (typeof CONTENT_PAGE_PATHS)[number];

/** The blog list; its articles are the pages below it. */
export const BLOG_PATH = 'bahati-blog';

export const isBlogPost = (path: string): boolean => path.startsWith(`${BLOG_PATH}/`);

/**
 * The `{{…}}` placeholders a page may use: the mailboxes, filled in from `GET /api/config`, and the measured house
 * edge of every level (contracts `MEASURED_HOUSE_EDGE`): `edge.levelN` with its basis, `edge.figureN` alone,
 * `edge.basis` the basis.
 */
export const CONTENT_SLOTS: readonly string[] = [
  'email.support',
  'email.privacy',
  'email.dataProtection',
  'email.marketing',
  'edge.basis',
  ...LEVELS.flatMap((level) => [`edge.level${level}`, `edge.figure${level}`]),
];

/** The interactive parts a page may place with `<!-- widget: name -->` (features/content/content-page.tsx). */
export const CONTENT_WIDGETS = ['blog-posts', 'level-ladder', 'my-limits', 'self-test'] as const;
export type ContentWidget = (typeof CONTENT_WIDGETS)[number];
