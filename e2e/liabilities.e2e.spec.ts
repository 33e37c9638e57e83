import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { fundPlayer, signInByApi } from './support/accounts';
import { DESKTOP, PHONE, fullPageShot, sectionShot } from './support/browser';
import { misfits } from './support/fit';
import { visible } from './support/journey';
import { REPO_ROOT } from './support/server';
import { siteForSpec } from './support/site';

/*
 * Proof of liabilities in Chromium against the built server. Two players have money; an admin commits to every
 * bank on the reserves screen (which then shows the reserves the development rails report beside the
 * commitment); the public page lists the commitment; a player's profile shows their balance in it, the proof
 * downloaded from it passes the stock-Python verifier of the docs, and the check in the browser says verified.
 * The public page and the profile's proof are pictured at 1280 and 375 px (and in Arabic at 375 px, where nothing
 * may stick out either), the reserves screen at 1280.
 */

const ADMIN_EMAIL = 'mhasibu@bahati.test';
const AMINA = { email: 'amina.pol@bahati.test', name: 'Amina Pol', phone: '2015550161', sats: 40_000 };
const BARAKA = { email: 'baraka.pol@bahati.test', name: 'Baraka Pol', phone: '2015550162', sats: 25_000 };
const TOTAL = AMINA.sats + BARAKA.sats;

jest.setTimeout(180_000);

// Only the admin commits here: no daily commitment comes in between.
// The figures are the subject: pages open on a device that asks for reduced motion.
const site = siteForSpec({ reducedMotion: true, env: { ADMIN_EMAILS: ADMIN_EMAIL, LIABILITIES_COMMIT_HOUR: 'off' } });
const { call } = site;
const jwts = { admin: '', amina: '' };

beforeAll(async () => {
  jwts.admin = await signInByApi(call, ADMIN_EMAIL, 'Mhasibu');
  jwts.amina = await signInByApi(call, AMINA.email, AMINA.name);
  await fundPlayer(call, jwts.amina, AMINA.phone, AMINA.sats);
  const baraka = await signInByApi(call, BARAKA.email, BARAKA.name);
  await fundPlayer(call, baraka, BARAKA.phone, BARAKA.sats);
});

test('an admin commits now; the public page lists it; a player downloads their proof, which Python and the browser verify', async () => {
  // The admin commits on the reserves screen, after confirming.
  const admin = await site.openAs(DESKTOP, jwts.admin);
  await admin.page.goto('/admin/reserves');
  await visible(admin.page.getByTestId('reserves-liabilities').getByText('No commitment yet'));
  await admin.page.getByTestId('commit-liabilities').click();
  const dialog = await visible(admin.page.getByTestId('commit-liabilities-dialog'));
  await dialog.getByRole('button', { name: 'Commit now' }).click();
  await visible(admin.page.getByTestId('reserves-outcome').getByText(`Committed: ${TOTAL.toLocaleString('en-US')} sats owed to 2 players`, { exact: false }));
  await visible(admin.page.getByTestId('reserves-liabilities').getByText(`${TOTAL.toLocaleString('en-US')} sats`));
  await visible(admin.page.getByTestId('reserves-banks-now').getByText(`${TOTAL.toLocaleString('en-US')} sats`));
  await visible(admin.page.getByTestId('reserves-ratio').getByText(/\d%$/));
  await expectNoSeriousA11yViolations(admin.page, { name: 'reserves' });
  await fullPageShot(admin.page, 'liabilities-desktop-03-admin-reserves');
  expect(admin.errors).toEqual([]);
  await admin.context.close();

  const [commitment] = await call<{ id: string; rootHash: string; total: number; players: number }[]>('liabilities');
  expect(commitment).toMatchObject({ total: TOTAL, players: 2 });

  // Anyone sees it on the public page.
  const visitor = await site.openAs(DESKTOP, null);
  await visitor.page.goto('/proof-of-liabilities');
  const row = await visible(visitor.page.getByTestId('commitment').first());
  await visible(row.getByTestId('commitment-root').getByText(commitment!.rootHash));
  await visible(row.getByText(`${TOTAL.toLocaleString('en-US')} sats`));
  await expectNoSeriousA11yViolations(visitor.page, { name: 'proof of liabilities' });
  await fullPageShot(visitor.page, 'liabilities-desktop-01-public');
  await visitor.page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(visitor.page, { name: 'proof of liabilities at 375 px' });
  await fullPageShot(visitor.page, 'liabilities-phone-01-public');
  // The verifier's long lines scroll inside its own box, on purpose; nothing else may be cut or stick out.
  const fits = async (where: string) => (await misfits(visitor.page, where)).filter((m) => !m.includes('liabilities-python'));
  expect(await fits('public at 375 px')).toEqual([]);
  await visitor.page.goto('/ar/proof-of-liabilities');
  await visible(visitor.page.getByTestId('commitment').first().getByTestId('commitment-root').getByText(commitment!.rootHash));
  expect(await visitor.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await fits('public in Arabic at 375 px')).toEqual([]);
  await fullPageShot(visitor.page, 'liabilities-phone-01-public-ar');
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();

  // Amina's profile: her balance in it, the proof downloaded and checked with the docs' Python, then in the browser.
  const { context, page, errors } = await site.openAs(DESKTOP, jwts.amina);
  await page.goto('/profile#liabilities');
  const section = page.getByTestId('profile-liabilities');
  await visible(section.getByTestId('liabilities-balance').getByText(`${AMINA.sats.toLocaleString('en-US')} sats`));
  await visible(section.getByTestId('liabilities-root').getByText(commitment!.rootHash));
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download proof (JSON)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bahati-liabilities-proof-\d{4}-\d{2}-\d{2}\.json$/);
  const file = join(mkdtempSync(join(tmpdir(), 'bahati-proof-')), download.suggestedFilename());
  await download.saveAs(file);
  const verdict = execFileSync('python3', [join(REPO_ROOT, 'docs', 'verify-liabilities.py'), file], { encoding: 'utf8' });
  expect(verdict).toBe(`OK: your ${AMINA.sats} sats are in the total of ${TOTAL} sats (root ${commitment!.rootHash})\n`);

  await section.getByRole('button', { name: 'Verify in this browser' }).click();
  await visible(section.getByTestId('liabilities-verdict').getByText(`Verified: your 40,000 sats are in the published total of 65,000 sats.`));
  expect(await section.getByTestId('liabilities-verdict').getAttribute('data-verified')).toBe('true');
  await expectNoSeriousA11yViolations(page, { name: 'profile with the proof' });
  await sectionShot(section, 'liabilities-desktop-02-profile-proof');
  await page.setViewportSize(PHONE);
  expect(await misfits(page, 'profile at 375 px')).toEqual([]);
  await sectionShot(section, 'liabilities-phone-02-profile-proof');
  // Right to left: the figures, the root and the verdict in Arabic.
  await page.goto('/ar/profile#liabilities');
  await section.getByTestId('liabilities-verify').click();
  await visible(section.locator('[data-testid="liabilities-verdict"][data-verified="true"]'));
  expect(await misfits(page, 'profile in Arabic at 375 px')).toEqual([]);
  await sectionShot(section, 'liabilities-phone-02-profile-proof-ar');
  expect(errors).toEqual([]);
  await context.close();
});
