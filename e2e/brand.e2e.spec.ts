import type { Locator, Page } from 'playwright-core';
import { fundPlayer } from './support/accounts';
import { DESKTOP_SHORT, PHONE, screenshot } from './support/browser';
import { mainMenu, signInByPage, visible } from './support/journey';
import { siteForSpec } from './support/site';
import { settleCards } from './support/table';

/*
 * Brands, in Chromium against the built server: an admin creates a second brand on the branding screen
 * (a blue table, its own chips, a card back uploaded as a file), the server's sanitiser reports what it
 * removed from a drawing with a <script>, and a drawing of the wrong size is refused with the field's
 * error. A player who opens /game?id=<brand> plays on that brand's table, keeps it while moving around
 * the site, and a fresh visit without the id gets the default brand.
 */

const ADMIN_EMAIL = 'chapa@bahati.test';
const BRAND_ID = 'lagoon';
const ACCENT = '#3b82f6';

jest.setTimeout(240_000);

const site = siteForSpec({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });

const { call, open } = site;

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** The second brand's drawings: each carries an id the test finds again in what the browser draws. */
const LAGOON = {
  tableLargeSvg: svg(
    800,
    600,
    '<rect id="lagoon-table-large" width="800" height="600" rx="60" fill="#0c2a5c"/><rect x="18" y="18" width="764" height="564" rx="48" fill="#1d4fa3" stroke="#9cc3ff" stroke-width="3"/>',
  ),
  tableSmallSvg: svg(
    400,
    500,
    '<rect id="lagoon-table-small" width="400" height="500" rx="36" fill="#0c2a5c"/><rect x="12" y="12" width="376" height="476" rx="28" fill="#1d4fa3" stroke="#9cc3ff" stroke-width="2"/>',
  ),
  chip: (n: number, label: string, fill: string) =>
    svg(
      70,
      70,
      `<circle id="lagoon-chip-${n}" cx="35" cy="35" r="33" fill="${fill}" stroke="#ffffff" stroke-width="5" stroke-dasharray="9 6"/><circle cx="35" cy="35" r="22" fill="#0c2a5c"/><text x="35" y="41" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="16" fill="#ffffff">${label}</text>`,
    ),
  cardSvg: svg(60, 80, '<rect id="lagoon-card" x="0.5" y="0.5" width="59" height="79" rx="5" fill="#f4f8ff" stroke="#9cc3ff"/><rect x="4" y="4" width="52" height="72" rx="3" fill="#1d4fa3"/><circle cx="30" cy="40" r="12" fill="none" stroke="#9cc3ff" stroke-width="2"/>'),
  logoSvg: svg(48, 48, '<circle id="lagoon-logo" cx="24" cy="24" r="22" fill="#1d4fa3" stroke="#9cc3ff" stroke-width="3"/><path d="M10 28q7-8 14 0t14 0" fill="none" stroke="#ffffff" stroke-width="3"/>'),
  taglineSvg: svg(300, 48, '<text id="lagoon-tagline" x="0" y="34" font-family="Georgia, serif" font-size="30" font-weight="700" fill="#9cc3ff">Lagoon</text>'),
};

/** The table drawn and the chips ready (the brand has arrived). */
async function tableShown(page: Page) {
  await visible(page.getByTestId('brand-table'));
  await page.waitForFunction(() => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="table"] img'));
    return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
  });
}

const tableSrc = (page: Page) => page.getByTestId('brand-table').getAttribute('src');

/**
 * The colour the player sees on the felt: a picture of the table, read back through a canvas at a point
 * of open felt (between the printed rules and the bet spot, where no card or chip lies).
 */
async function feltColour(page: Page): Promise<{ r: number; g: number; b: number }> {
  const table = page.getByTestId('table');
  const png = (await table.screenshot({ animations: 'disabled' })).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const [r, g, b] = context.getImageData(Math.round(image.width * 0.3), Math.round(image.height * 0.62), 1, 1).data;
    return { r: r!, g: g!, b: b! };
  }, png);
}

async function fillMarkup(page: Page, field: string, markup: string) {
  await page.getByTestId(`markup-${field}`).fill(markup);
}

async function saveAndExpect(page: Page, testId: 'brand-saved' | 'brand-save-failed'): Promise<Locator> {
  await page.getByTestId('brand-save').click();
  const dialog = await visible(page.getByTestId(testId));
  return dialog;
}

async function closeResult(page: Page, testId: string) {
  await page.getByTestId(testId).getByRole('button', { name: 'OK' }).click();
  await page.getByTestId(testId).waitFor({ state: 'detached' });
}

test('an admin creates a brand; players get it from the link and keep it for the visit; the default stays for everyone else', async () => {
  // ── The admin: the landing page, then the branding screen from the header's Admin menu.
  const admin = await open(DESKTOP_SHORT);
  await signInByPage(admin.page, ADMIN_EMAIL, 'Chapa', { closePhone: true });
  await mainMenu(admin.page).getByRole('button', { name: 'Admin' }).click();
  const adminMenu = mainMenu(admin.page);
  for (const item of ['Overview', 'Players', 'Withdraw Requests', 'Redeem Codes', 'Branding']) await visible(adminMenu.getByRole('link', { name: item, exact: true }));
  await adminMenu.getByRole('link', { name: 'Overview', exact: true }).click();
  await admin.page.waitForURL('**/admin');
  await visible(admin.page.getByRole('heading', { level: 1, name: 'Admin' }));
  const landing = admin.page.getByRole('navigation', { name: 'Admin screens' });
  expect(await landing.getByRole('link', { name: /^Withdraw requests/ }).getAttribute('href')).toBe('/withdraw-requests');
  expect(await landing.getByRole('link', { name: /^Redeem codes/ }).getAttribute('href')).toBe('/admin/redeem-codes');
  await screenshot(admin.page, 'brand-desktop-01-admin-landing');
  await landing.getByRole('link', { name: /^Branding/ }).click();
  await admin.page.waitForURL('**/admin/branding');
  const editor = await visible(admin.page.getByTestId('brand-editor'));

  // The default brand is selected, its id fixed; every drawing has its preview at its exact size.
  const select = admin.page.getByTestId('brand-select');
  expect(await select.inputValue()).toBe('saved:bahati');
  expect(await admin.page.getByTestId('brand-id').getAttribute('readonly')).not.toBeNull();
  for (const [field, width, height] of [
    ['logoSvg', 48, 48],
    ['taglineSvg', 300, 48],
    ['cardSvg', 60, 80],
    ['chip1Svg', 70, 70],
    ['tableLargeSvg', 800, 600],
    ['tableSmallSvg', 400, 500],
  ] as const) {
    const preview = admin.page.getByTestId(`preview-${field}`);
    await visible(preview);
    expect(await preview.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([width, height]);
  }
  await admin.page.waitForFunction(() => Array.from(document.querySelectorAll('img')).every((img) => img.complete));
  await screenshot(admin.page, 'brand-desktop-02-editor');
  await screenshot(admin.page, 'brand-desktop-02-editor-full', { fullPage: true });

  // "Create new brand": a copy of the selected one with a free id, selected, not stored yet.
  await admin.page.getByTestId('brand-create').click();
  expect(await select.inputValue()).toMatch(/^new:/);
  expect(await admin.page.getByTestId('brand-id').inputValue()).toBe('bahati-copy');
  expect(await admin.page.getByTestId('brand-id').getAttribute('readonly')).toBeNull();
  await visible(editor.getByText('New brand: it is stored only when you save it.'));
  expect((await call<{ id: string }[]>('players/brands')).map((b) => b.id)).toEqual(['bahati']);

  await admin.page.getByTestId('brand-id').fill(BRAND_ID);
  await admin.page.getByTestId('brand-name').fill('Lagoon');
  await admin.page.getByTestId('brand-siteName').fill('Lagoon Blackjack');
  await admin.page.getByTestId('brand-colour').fill(ACCENT);
  expect(await admin.page.getByTestId('brand-colour-picker').inputValue()).toBe(ACCENT);
  await fillMarkup(admin.page, 'tableLargeSvg', LAGOON.tableLargeSvg);
  await fillMarkup(admin.page, 'tableSmallSvg', LAGOON.tableSmallSvg);
  await fillMarkup(admin.page, 'chip1Svg', LAGOON.chip(1, '1K', '#38bdf8'));
  await fillMarkup(admin.page, 'chip2Svg', LAGOON.chip(2, '5K', '#f97316'));
  await fillMarkup(admin.page, 'chip3Svg', LAGOON.chip(3, '25K', '#22c55e'));
  await fillMarkup(admin.page, 'chip4Svg', LAGOON.chip(4, '100K', '#a855f7'));
  await fillMarkup(admin.page, 'logoSvg', LAGOON.logoSvg);
  await fillMarkup(admin.page, 'taglineSvg', LAGOON.taglineSvg);
  // The card back arrives as a file.
  await admin.page.getByTestId('upload-cardSvg').setInputFiles({ name: 'lagoon-card.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LAGOON.cardSvg) });
  await admin.page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('[data-testid="markup-cardSvg"]')?.value.includes('lagoon-card'));
  expect(await admin.page.getByTestId('markup-cardSvg').inputValue()).toBe(LAGOON.cardSvg);
  expect(await admin.page.getByTestId('preview-tableLargeSvg').getAttribute('src')).toContain('lagoon-table-large');
  await screenshot(admin.page, 'brand-desktop-03-new-brand');

  // Saved: the result dialog; nothing was removed.
  let dialog = await saveAndExpect(admin.page, 'brand-saved');
  await visible(dialog.getByRole('heading', { name: 'Brand saved' }));
  await visible(dialog.getByText('The brand Lagoon was created.'));
  expect(await dialog.getByTestId('brand-removed').count()).toBe(0);
  await closeResult(admin.page, 'brand-saved');
  expect(await select.inputValue()).toBe(`saved:${BRAND_ID}`);
  expect(await admin.page.getByTestId('brand-id').getAttribute('readonly')).not.toBeNull();
  expect((await call<{ id: string }[]>('players/brands')).map((b) => b.id).sort()).toEqual(['bahati', BRAND_ID]);

  // A logo with a <script>: stored without it, and the dialog lists what the server removed.
  await fillMarkup(admin.page, 'logoSvg', LAGOON.logoSvg.replace('</svg>', '<script>document.title = "taken"</script></svg>'));
  dialog = await saveAndExpect(admin.page, 'brand-saved');
  await visible(dialog.getByText('The brand Lagoon was updated.'));
  const removed = await visible(dialog.getByTestId('brand-removed'));
  expect(await removed.textContent()).toMatch(/^Logo: .*script/i);
  await screenshot(admin.page, 'brand-desktop-04-removed');
  await closeResult(admin.page, 'brand-saved');
  const stored = await call<{ logoSvg: string }>(`players/brand?id=${BRAND_ID}`);
  expect(stored.logoSvg).not.toMatch(/script/i);
  expect(stored.logoSvg).toContain('lagoon-logo');
  expect(await admin.page.getByTestId('markup-logoSvg').inputValue()).not.toMatch(/script/i);

  // A chip of the wrong size: SAVE FAILED with the server's error for that field, one per line.
  await fillMarkup(admin.page, 'chip1Svg', svg(120, 120, '<circle cx="60" cy="60" r="58" fill="#38bdf8"/>'));
  await visible(admin.page.getByTestId('svg-field-chip1Svg').getByText('Drawn at 120 × 120; it must be 70 × 70.'));
  dialog = await saveAndExpect(admin.page, 'brand-save-failed');
  await visible(dialog.getByRole('heading', { name: 'SAVE FAILED' }));
  const lines = await dialog.getByTestId('brand-save-errors').getByRole('listitem').allTextContents();
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.some((line) => line.startsWith('Chip 1K: '))).toBe(true);
  await screenshot(admin.page, 'brand-desktop-05-save-failed');
  await closeResult(admin.page, 'brand-save-failed');
  await visible(admin.page.getByTestId('error-chip1Svg'));
  expect((await call<{ chip1Svg: string }>(`players/brand?id=${BRAND_ID}`)).chip1Svg).toContain('lagoon-chip-1');
  expect(admin.errors).toEqual([]);
  await admin.context.close();

  // ── A player who arrives with ?id=lagoon, funded through the development rails.
  const player = await open(DESKTOP_SHORT);
  const { jwt } = await signInByPage(player.page, 'ziwa@bahati.test', 'Ziwa', { closePhone: true });
  await fundPlayer(call, jwt, '2025550177', 50_000);

  await player.page.goto(`/game?id=${BRAND_ID}`);
  await tableShown(player.page);
  expect(await tableSrc(player.page)).toContain('lagoon-table-large');
  const felt = await feltColour(player.page);
  expect(felt.b).toBeGreaterThan(felt.g);
  expect(felt.b).toBeGreaterThan(felt.r);
  // Chips, the card back in the shoe, the header's logo and tagline, the accent and the title.
  expect(await player.page.getByTestId('chip-1K').locator('img').getAttribute('src')).toContain('lagoon-chip-1');
  expect(await player.page.getByTestId('chip-100K').locator('img').getAttribute('src')).toContain('lagoon-chip-4');
  expect(await player.page.locator('[data-testid="table"] svg image').first().getAttribute('href')).toContain('lagoon-card');
  const banner = player.page.getByRole('banner');
  expect(await banner.getByRole('img', { name: 'Lagoon' }).getAttribute('src')).toContain('lagoon-logo');
  expect(await banner.locator('img[src*="lagoon-tagline"]').count()).toBe(1);
  expect(await player.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gold-500').trim())).toBe(ACCENT);
  await player.page.waitForFunction(() => document.title.endsWith('· Lagoon Blackjack'));

  // A hand: the bet stack in the brand's chips; every card leaves the shoe face down, showing the brand's back.
  await player.page.getByTestId('chip-1K').click();
  expect(await player.page.getByTestId('bet-stack').locator('img').first().getAttribute('src')).toContain('lagoon-chip-1');
  await player.page.getByTestId('action-deal').click();
  const dealt = player.page.getByTestId('table-card');
  await visible(dealt);
  expect(await dealt.first().locator('image').first().getAttribute('href')).toContain('lagoon-card');
  await settleCards(player.page);
  await screenshot(player.page, 'brand-desktop-06-new-brand-table');

  // In-app navigation and a full load of another page keep the brand for the visit.
  await mainMenu(player.page).getByRole('link', { name: 'Ledger', exact: true }).click();
  await player.page.waitForURL('**/ledger');
  await mainMenu(player.page).getByRole('link', { name: 'Play', exact: true }).click();
  await player.page.waitForURL('**/game');
  await tableShown(player.page);
  expect(await tableSrc(player.page)).toContain('lagoon-table-large');
  await player.page.goto('/profile');
  await player.page.goto('/game');
  await tableShown(player.page);
  expect(await tableSrc(player.page)).toContain('lagoon-table-large');
  expect(player.errors).toEqual([]);
  await player.context.close();

  // ── The same player in a fresh visit without the id: the default brand, green felt.
  const plain = await open(DESKTOP_SHORT);
  await plain.page.goto('/authentication');
  await plain.page.evaluate((token) => window.localStorage.setItem('jwt', token), jwt);
  await plain.page.goto('/game');
  await tableShown(plain.page);
  expect(await tableSrc(plain.page)).not.toContain('lagoon');
  const green = await feltColour(plain.page);
  expect(green.g).toBeGreaterThan(green.r);
  expect(green.g).toBeGreaterThan(green.b);
  expect(await plain.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gold-500').trim())).toBe('#d9a93b');
  await screenshot(plain.page, 'brand-desktop-07-default-table');

  // An unknown id is only logged: the default brand is drawn.
  const warnings: string[] = [];
  plain.page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await plain.page.goto('/game?id=no-such-brand');
  await tableShown(plain.page);
  expect(await tableSrc(plain.page)).not.toContain('lagoon');
  expect(warnings.some((w) => w.includes('no-such-brand'))).toBe(true);
  expect(plain.errors).toEqual([]);
  await plain.context.close();

  // ── At 375 px: the small tables of both brands, and the branding screen.
  for (const [name, path, marker] of [
    ['brand-phone-01-default-table', '/game', null],
    ['brand-phone-02-new-brand-table', `/game?id=${BRAND_ID}`, 'lagoon-table-small'],
  ] as const) {
    const phone = await open(PHONE);
    await phone.page.goto('/authentication');
    await phone.page.evaluate((token) => window.localStorage.setItem('jwt', token), jwt);
    await phone.page.goto(path);
    await tableShown(phone.page);
    const src = await tableSrc(phone.page);
    if (marker) expect(src).toContain(marker);
    else expect(src).not.toContain('lagoon');
    expect(await phone.page.getByTestId('brand-table').evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([400, 500]);
    await screenshot(phone.page, name);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  }

  const adminPhone = await open(PHONE);
  await signInByPage(adminPhone.page, ADMIN_EMAIL, 'Chapa', { closePhone: true });
  await adminPhone.page.goto('/admin/branding');
  await visible(adminPhone.page.getByTestId('brand-editor'));
  await adminPhone.page.getByTestId('brand-select').selectOption(`saved:${BRAND_ID}`);
  await adminPhone.page.waitForFunction(() => Array.from(document.querySelectorAll('img')).every((img) => img.complete));
  await screenshot(adminPhone.page, 'brand-phone-03-editor');
  await screenshot(adminPhone.page, 'brand-phone-03-editor-full', { fullPage: true });
  expect(adminPhone.errors).toEqual([]);
  await adminPhone.context.close();
});

test('players and signed-out visitors cannot open the branding screen, and the brand API refuses a non-admin save', async () => {
  const { context, page } = await open(DESKTOP_SHORT);
  const { jwt } = await signInByPage(page, 'mchezaji@bahati.test', 'Mchezaji', { closePhone: true });
  await page.goto('/admin/branding');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/');
  const brand = await call<Record<string, string>>('players/brand');
  await expect(call('players/brand', { body: { ...brand, name: 'Taken' }, jwt })).rejects.toThrow(/answered 403/);
  await context.close();
});
