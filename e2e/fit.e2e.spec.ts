import type { Page } from 'playwright-core';
import { handInPlayByApi, playerWithHistory } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { screenshot, type Viewport } from './support/browser';
import { misfits } from './support/fit';
import { animationsDone, showScreen, type Screen } from './support/journey';
import { siteForSpec } from './support/site';
import { settleCards, standItOut } from './support/table';

/*
 * Everything fits, at every width and in every language: the player's pages are opened once per language
 * and measured at five window widths (the window resized, the page kept): no sideways scrolling, no text cut
 * by its box, the felt's printed text on its arcs and clear of the result badges (`misfits`). The table is
 * measured with a settled hand on it: a hand left in play through the API is stood out on the page. axe runs
 * once per page and language, at 1280 px (the second colour-contrast pass, over a flat background, in English
 * only: the colours do not change with the language). The table is pictured at 1280 and 375 px in en, sw, de,
 * ru and ar.
 */

const LANGS = ['en', 'es', 'de', 'fr', 'ru', 'ja', 'zh', 'ko', 'hi', 'bn', 'pt', 'ur', 'id', 'sw', 'ar'] as const;

/** The widths measured; the first is the one axe runs at. */
const WIDTHS: Viewport[] = [
  // The height of a 1280 × 1024 screen's window: the table is as large as it gets, its tools beside it.
  { width: 1280, height: 1000 },
  { width: 1920, height: 1080 },
  { width: 1024, height: 768 },
  { width: 800, height: 900 },
  { width: 375, height: 812 },
];

/** The languages whose table is pictured at 1280 and 375 px (artifacts/screenshots/fit-<lang>-game-<width>.png). */
const PICTURED: readonly string[] = ['en', 'sw', 'de', 'ru', 'ar'];

const SCREENS: Screen[] = [
  {
    name: 'game',
    path: '/game',
    who: 'player',
    ready: (page) => page.getByTestId('action-stand'),
    // The hand in play is stood out: its result badges are on the felt with the printed text.
    then: async (page) => {
      await standItOut(page);
      await settleCards(page);
      await page.getByTestId('hand-result').first().waitFor();
    },
  },
  { name: 'deposit', path: '/deposit', who: 'player', ready: (page) => page.locator('main table') },
  { name: 'withdraws', path: '/withdraws', who: 'player', ready: (page) => page.locator('main table') },
  { name: 'ledger', path: '/ledger', who: 'player', ready: (page) => page.getByTestId('ledger-row') },
  { name: 'profile', path: '/profile', who: 'player', ready: (page) => page.getByTestId('redeem-form') },
];

jest.setTimeout(600_000);

// Cards land at once: the layout measured is the same, the walk is quicker.
const site = siteForSpec({ reducedMotion: true });
let page: Page;
let errors: string[];
let jwt = '';

beforeAll(async () => {
  // A player with a deposit, a hand in the ledger and a withdrawal in review.
  ({ jwt } = await playerWithHistory(site.call, 'fit@bahati.test', 'Wanjiku Fit', '2015550147', 80_000));
  ({ page, errors } = await site.openAs(WIDTHS[0]!, jwt));
});

describe.each(LANGS)('%s', (lang) => {
  it('every page fits at 1920, 1280, 1024, 800 and 375 px, with no text cut and the felt text on its arcs', async () => {
    const failures: string[] = [];
    await handInPlayByApi(site.call, jwt);
    for (const screen of SCREENS) {
      const path = lang === 'en' ? screen.path : `/${lang}${screen.path}`;
      await page.setViewportSize(WIDTHS[0]!);
      await showScreen(page, path, screen, `fit-failure-${lang}-${screen.name}`);
      // The colours are the same in every language: their second pass over a flat background runs in English only.
      await expectNoSeriousA11yViolations(page, { name: `${lang} ${screen.name}`, ...(lang === 'en' ? {} : { contrastBackground: null }) });
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        // The table changes size below 800 px and scales to its place in the next frame: `animationsDone` lets two frames be drawn first.
        await animationsDone(page);
        failures.push(...(await misfits(page, `${lang} ${viewport.width} ${screen.path}`)));
        if (screen.name === 'game' && PICTURED.includes(lang) && (viewport.width === 1280 || viewport.width === 375)) await screenshot(page, `fit-${lang}-game-${viewport.width}`);
      }
    }
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });
});
