import type { Page } from 'playwright-core';
import { DESKTOP_SHORT, PHONE, screenshot } from './support/browser';
import { mainMenu as menuNamed, signInByPage, visible } from './support/journey';
import { siteForSpec } from './support/site';

const ADMIN_EMAIL = 'admin@bahati.test';
const MENU_EN = ['Play', 'Deposit', 'Withdraw', 'Bonuses', 'Ledger'];
const MENU_SW = ['Cheza', 'Amana', 'Huondoa', 'Bonasi', 'Leja'];

// Jest reads testTimeout only from the global config, not from a project's.
jest.setTimeout(120_000);

// The shell's links and menus are the subject: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env: { ADMIN_EMAILS: ADMIN_EMAIL } });

const { open } = site;

/** The main menu, in English or Swahili. */
const mainMenu = (page: Page) => menuNamed(page, /Main menu|Menyu kuu/);

/**
 * The development identity provider: header link → e-mail form → the deposit page (bank 0), where an
 * unverified phone brings up the phone challenge; the player closes it to look around first.
 */
const signIn = (page: Page, email: string, name: string) => signInByPage(page, email, name, { viaHeader: true, closePhone: true });

test('desktop: sign in, see the menu and avatar, switch to Swahili, sign out', async () => {
  const { context, page } = await open(DESKTOP_SHORT);
  await page.goto('/');
  await visible(page.getByRole('heading', { level: 1, name: 'Blackjack you can verify.' }));
  await screenshot(page, 'desktop-01-welcome');
  await screenshot(page, 'desktop-01-welcome-full', { fullPage: true });

  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/authentication');
  await visible(page.getByLabel('E-mail address'));
  await screenshot(page, 'desktop-02-sign-in');
  await page.goto('/');

  await signIn(page, 'amani@bahati.test', 'Amani Mwangi');
  for (const label of MENU_EN) await visible(mainMenu(page).getByRole('link', { name: label, exact: true }));
  await visible(page.getByRole('banner').getByRole('link', { name: 'Profile of Amani Mwangi' }));
  expect(await page.getByTestId('avatar').textContent()).toBe('AM');
  expect(await mainMenu(page).getByRole('button', { name: 'Admin' }).count()).toBe(0);
  await visible(page.getByTestId('balance'));
  await screenshot(page, 'desktop-03-signed-in');

  // The language changes where the player is: from /deposit (where sign-in landed) to /sw/deposit.
  const signedInAt = new URL(page.url()).pathname;
  await page.getByRole('contentinfo').getByLabel('Language').selectOption('sw');
  await page.waitForURL((url) => url.pathname === `/sw${signedInAt}`);
  await page.goto('/sw');
  for (const label of MENU_SW) await visible(mainMenu(page).getByRole('link', { name: label, exact: true }));
  expect(await mainMenu(page).getByRole('link', { name: 'Cheza' }).getAttribute('href')).toBe('/sw/game');
  await visible(page.getByRole('heading', { level: 1, name: 'Blackjack unayoweza kuthibitisha.' }));
  await screenshot(page, 'desktop-04-swahili');

  await page.getByRole('banner').getByRole('button', { name: 'Toka' }).click();
  await page.waitForURL((url) => url.pathname === '/sw');
  await visible(page.getByRole('banner').getByRole('link', { name: 'Ingia' }));
  expect(await mainMenu(page).count()).toBe(0);
  expect(await page.evaluate(() => window.localStorage.getItem('jwt'))).toBeNull();
  await screenshot(page, 'desktop-05-signed-out');
  await context.close();
});

test('375 px: the hamburger opens the menu, and a menu item closes it', async () => {
  const { context, page } = await open(PHONE);
  await page.goto('/');
  await visible(page.getByRole('heading', { level: 1, name: 'Blackjack you can verify.' }));
  await screenshot(page, 'mobile-01-welcome');
  await screenshot(page, 'mobile-01-welcome-full', { fullPage: true });
  await signIn(page, 'baraka@bahati.test', 'Baraka');

  const toggle = page.getByRole('button', { name: 'Open menu' });
  await visible(toggle);
  expect(await mainMenu(page).isVisible()).toBe(false);
  await visible(page.getByTestId('avatar'));
  await screenshot(page, 'mobile-02-signed-in');

  await toggle.click();
  for (const label of MENU_EN) await visible(mainMenu(page).getByRole('link', { name: label, exact: true }));
  expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
  await screenshot(page, 'mobile-03-menu-open');

  await mainMenu(page).getByRole('link', { name: 'Ledger', exact: true }).click();
  await page.waitForURL('**/ledger');
  await mainMenu(page).waitFor({ state: 'hidden' });
  await screenshot(page, 'mobile-04-menu-closed');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await mainMenu(page).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await visible(page.getByRole('heading', { level: 1, name: 'Blackjack you can verify.' }));
  await screenshot(page, 'mobile-05-signed-out');
  await context.close();
});

test('an admin gets the Admin dropdown with Players and Withdraw Requests', async () => {
  const { context, page } = await open(DESKTOP_SHORT);
  await page.goto('/');
  await signIn(page, ADMIN_EMAIL, 'Admin');
  const admin = mainMenu(page).getByRole('button', { name: 'Admin' });
  await visible(admin);
  await admin.click();
  expect(await admin.getAttribute('aria-expanded')).toBe('true');
  expect(await mainMenu(page).getByRole('link', { name: 'Players' }).getAttribute('href')).toBe('/admin/players');
  expect(await mainMenu(page).getByRole('link', { name: 'Withdraw Requests' }).getAttribute('href')).toBe('/withdraw-requests');
  await screenshot(page, 'desktop-06-admin-dropdown');
  await context.close();
});

test('a rejected token signs the player out to the sign-in page', async () => {
  const { context, page } = await open(DESKTOP_SHORT);
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('jwt', 'not-a-valid-token'));
  await page.goto('/bahati-terms-of-use');
  await page.waitForURL('**/authentication');
  await visible(page.getByText('Your session has ended. Please sign in again.'));
  expect(await page.evaluate(() => window.localStorage.getItem('jwt'))).toBeNull();
  await screenshot(page, 'desktop-07-session-ended');

  await page.goto('/no-such-page');
  await visible(page.getByRole('heading', { level: 1, name: 'Page not found' }));
  await screenshot(page, 'desktop-08-not-found');
  await context.close();
});

test('375 px: a menu opened again while the next screen loads stays open once it arrives', async () => {
  const { context, page } = await open(PHONE);
  // The ledger screen's code is held back until the menu has been opened again.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/assets\/ledger-page-[^/]*\.js$/, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  await page.goto('/');
  await signIn(page, 'nia@bahati.test', 'Nia');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await mainMenu(page).getByRole('link', { name: 'Ledger', exact: true }).click();
  await mainMenu(page).waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await visible(mainMenu(page).getByRole('button', { name: 'Sign out' }));
  expect(requested).toBe(true);

  release();
  await visible(page.getByRole('heading', { level: 1, name: 'Ledger' }));
  // The screen that was asked for has arrived; the menu opened since stays as the player left it.
  await visible(mainMenu(page).getByRole('button', { name: 'Sign out' }));
  expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
  await screenshot(page, 'mobile-06-menu-open-over-ledger');
  await context.close();
});

