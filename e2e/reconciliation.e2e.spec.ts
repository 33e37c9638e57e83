import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { fundPlayer, signInByApi } from './support/accounts';
import { DESKTOP, PHONE, fullPageShot, screenshot } from './support/browser';
import { visible } from './support/journey';
import { REPO_ROOT, startServer } from './support/server';
import { siteForSpec } from './support/site';

/*
 * The reconciliation in Chromium against the built server. A player's bank row is changed straight in the
 * embedded database (the server stopped meanwhile, as an operator's UPDATE would): the header and the admin
 * list would show the wrong bank and nothing else notices. The admin opens Reconciliation from the menu,
 * checks now, sees the player with the bank row marked as the figure that disagrees, rebuilds the player
 * from the events with a reason given in the confirmation dialog, and the row is gone; the player's bank
 * is the events' again. The screen passes axe and is pictured at 1280 and 375 px (one page, resized), and in
 * Arabic at 375 px (right to left).
 */

const ADMIN_EMAIL = 'mkaguzi@bahati.test';
const PLAYER_EMAIL = 'amani@bahati.test';
const FUNDS = 30_000;
const TAMPERED = 777_777;

jest.setTimeout(240_000);

/** The embedded database's folder, kept across the restart below. */
const dataDir = mkdtempSync(join(tmpdir(), 'bahati-reconcile-e2e-'));
const env = { ADMIN_EMAILS: ADMIN_EMAIL, DATA_DIR: dataDir };
// The back office is the subject: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env });
const { call } = site;
const jwts = { admin: '', player: '' };
let playerId = '';

/** Sets the player's bank row in the stopped server's embedded database, as an UPDATE by hand would. */
function tamperWithBank(id: string, bank: number): void {
  const script = `
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite({ dataDir: process.env.PGLITE_DIR });
    await db.waitReady;
    const { affectedRows } = await db.query('update banks set bank = $2 where player_id = $1', [process.env.PLAYER_ID, Number(process.env.BANK)]);
    await db.close();
    process.stdout.write(String(affectedRows));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(REPO_ROOT, 'server'),
    env: { ...process.env, PGLITE_DIR: join(dataDir, 'pglite'), PLAYER_ID: id, BANK: String(bank) },
    encoding: 'utf8',
  });
  if (out !== '1') throw new Error(`no bank row of ${id} to change (${out})`);
}

beforeAll(async () => {
  jwts.admin = await signInByApi(call, ADMIN_EMAIL, 'Mkaguzi');
  jwts.player = await signInByApi(call, PLAYER_EMAIL, 'Amani Wanjiru');
  playerId = (await call<{ id: string }>('players/1234', { jwt: jwts.player })).id;
  await fundPlayer(call, jwts.player, '2015550191', FUNDS);
  await site.server.stop();
  tamperWithBank(playerId, TAMPERED);
  site.server = await startServer({ env });
});

// After the site's own afterAll (hooks run in the order they are declared): the server has stopped.
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

test('admin: a bank row changed in the database is found by the check and rebuilt from the events', async () => {
  // What the player would see: the changed row.
  expect(await call<number>('players/bank', { jwt: jwts.player })).toBe(TAMPERED);

  const { context, page, errors } = await site.openAs(DESKTOP, jwts.admin);
  await page.goto('/admin');
  await (await visible(page.getByRole('link', { name: /^Reconciliation/ }))).click();
  await visible(page.getByRole('heading', { name: 'Reconciliation', level: 1 }));

  await (await visible(page.getByRole('button', { name: 'Check now' }))).click();
  const row = await visible(page.getByTestId(`difference-${playerId}`));
  await visible(page.getByTestId('reconciliation-verdict').getByText('Players whose figures disagree: 1'));
  await visible(row.getByRole('link', { name: PLAYER_EMAIL }));
  await visible(row.getByText('777,777 (differs)'));
  await visible(row.getByText('Bank row', { exact: true }));
  expect(await row.getByText('30,000', { exact: true }).count()).toBe(2);
  await expectNoSeriousA11yViolations(page, { name: 'reconciliation with a difference' });
  await fullPageShot(page, 'reconciliation-desktop-01-difference');

  await page.setViewportSize(PHONE);
  await visible(row.getByRole('button', { name: `Rebuild ${PLAYER_EMAIL} from events` }));
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  await expectNoSeriousA11yViolations(page, { name: 'reconciliation at 375 px' });
  await fullPageShot(page, 'reconciliation-phone-01-difference');

  // Right to left, in Arabic: the same row, the bank row named as the figure that differs.
  await page.goto('/ar/admin/reconciliation');
  const arabicRow = await visible(page.getByTestId(`difference-${playerId}`));
  await visible(arabicRow.getByText('سطر الرصيد', { exact: true }));
  const rtl = await page.evaluate(() => ({ dir: document.documentElement.dir, page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(rtl.dir).toBe('rtl');
  expect(rtl.page).toBeLessThanOrEqual(rtl.window);
  await expectNoSeriousA11yViolations(page, { name: 'reconciliation in Arabic at 375 px' });
  await fullPageShot(page, 'reconciliation-phone-01-difference-ar');
  await page.goto('/admin/reconciliation');

  await row.getByRole('button', { name: `Rebuild ${PLAYER_EMAIL} from events` }).click();
  const dialog = await visible(page.getByRole('dialog', { name: `Rebuild ${PLAYER_EMAIL} from events` }));
  await dialog.getByRole('button', { name: 'Rebuild', exact: true }).click();
  await visible(dialog.getByText('Say why you rebuild this player.'));
  await dialog.getByLabel('Reason').fill('Bank row changed by hand in the database');
  await expectNoSeriousA11yViolations(page, { name: 'rebuild dialog' });
  await screenshot(page, 'reconciliation-phone-02-rebuild-dialog');
  await dialog.getByRole('button', { name: 'Rebuild', exact: true }).click();

  await visible(page.getByTestId('reconciliation-outcome').getByText(`${PLAYER_EMAIL} rebuilt: bank 777,777 → 30,000 sats`, { exact: false }));
  await row.waitFor({ state: 'detached' });
  await visible(page.getByText('Every bank agrees with its ledger and its events.'));
  await page.setViewportSize(DESKTOP);
  await fullPageShot(page, 'reconciliation-desktop-02-rebuilt');
  expect(await call<number>('players/bank', { jwt: jwts.player })).toBe(FUNDS);

  expect(errors).toEqual([]);
  await context.close();
});
