import { cardRank, cardSuit, houseSeedHash, shuffleShoe, type Card, type LedgerEntry, type LedgerPage as LedgerPageAnswer } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { hand, HAND_ID, playerHand, shoe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, recordRequests, server } from '@/test/server';
import { Component as LedgerPage } from './ledger-page';
import { isoDay, parseDay, shiftDay } from './ledger-format';

const lines: LedgerEntry[] = [
  { id: 'l1', type: 'LightningDeposit', createdTime: '2026-01-05T09:00:00.000Z', handId: null, reference: 'inv-1', amount: 50_000 },
  { id: 'l2', type: 'Bet', createdTime: '2026-01-05T10:00:00.000Z', handId: HAND_ID, reference: null, amount: -1_000 },
  { id: 'l3', type: 'Win', createdTime: '2026-01-05T10:01:00.000Z', handId: HAND_ID, reference: null, amount: 2_000 },
];

/** The answer of GET players/ledger/page for a day of `day` lines (oldest first), as the server pages it: newest first. */
function answer(day: readonly LedgerEntry[], url: string): LedgerPageAnswer {
  const params = new URL(url).searchParams;
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 100);
  const parts = { play: { amount: 0, lines: 0 }, deposits: { amount: 0, lines: 0 }, withdrawals: { amount: 0, lines: 0 }, bonuses: { amount: 0, lines: 0 } };
  for (const line of day) {
    const part = line.type === 'LightningDeposit' || line.type === 'BitcoinDeposit' ? parts.deposits : line.type === 'Bonus' ? parts.bonuses : parts.play;
    part.amount += line.amount;
    part.lines += 1;
  }
  const newestFirst = [...day].reverse();
  return {
    items: newestFirst.slice(offset, offset + limit), total: day.length, offset, limit,
    totals: { net: day.reduce((sum, line) => sum + line.amount, 0), parts },
  };
}

const serveDay = (day: readonly LedgerEntry[]) => http.get('/api/players/ledger/page', ({ request }) => HttpResponse.json(answer(day, request.url)));

describe('ledger days', () => {
  it('reads, writes and steps days in local time', () => {
    expect(isoDay(parseDay('2026-03-01')!)).toBe('2026-03-01');
    expect(parseDay('1 March')).toBeNull();
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });
});

afterEach(async () => {
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  if (i18n.hasResourceBundle('ar', 'translation')) i18n.removeResourceBundle('ar', 'translation');
});

describe('the ledger page', () => {
  it('asks for the day shown, in local time, and lists its lines newest first with the net', async () => {
    server.use(serveDay(lines));
    const sent = recordRequests();
    renderWithProviders(<LedgerPage />, { route: '/ledger?day=2026-01-05' });
    const rows = await screen.findAllByTestId('ledger-row');
    expect(rows.map((row) => row.getAttribute('data-type'))).toEqual(['Win', 'Bet', 'LightningDeposit']);
    expect(screen.getByTestId('ledger-net')).toHaveTextContent('+51,000');
    const [asked] = await sent.to('GET', '/players/ledger/page');
    expect(Object.fromEntries(asked.query)).toEqual({ d: '5', m: '1', y: '2026', o: String(new Date(2026, 0, 5).getTimezoneOffset()), offset: '0', limit: '100' });
  });

  it('says when a day has no entries, and steps to the previous day', async () => {
    server.use(serveDay([]));
    const sent = recordRequests();
    const { user } = renderWithProviders(<LedgerPage />, { route: '/ledger?day=2026-01-05' });
    expect(await screen.findByText('No entries on this day.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(async () => expect((await sent.to('GET', '/players/ledger/page')).some((r) => r.query.get('d') === '4')).toBe(true));
  });

  it('does not step past today', async () => {
    server.use(serveDay([]));
    renderWithProviders(<LedgerPage />, { route: '/ledger' });
    expect(await screen.findByText('No entries on this day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
  });

  it('points the day arrows the way the page reads, right to left in Arabic', async () => {
    server.use(serveDay([]));
    renderWithProviders(<LedgerPage />, { route: '/ledger?day=2026-01-05' });
    expect(await screen.findByText('No entries on this day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous day' })).toHaveTextContent('‹');
    expect(screen.getByRole('button', { name: 'Next day' })).toHaveTextContent('›');

    // An Arabic catalog of one text: the rest falls back to English, the page reads right to left.
    i18n.addResourceBundle('ar', 'translation', { common: { brand: 'Bahati' } });
    await i18n.changeLanguage('ar');
    // Previous points right and next points left, each isolated so that Unicode mirroring cannot turn it back.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous day' })).toHaveTextContent('›'));
    expect(screen.getByRole('button', { name: 'Next day' })).toHaveTextContent('‹');
    expect(screen.getByRole('button', { name: 'Previous day' }).querySelector('[dir="ltr"]')).not.toBeNull();
  });

  it("opens a hand's details from its line", async () => {
    server.use(
      serveDay(lines),
      http.get('/api/hands/:id', () => HttpResponse.json(hand({ phase: 'Settled', baseBetAmount: 1_000, handNumber: 2 }))),
      http.get('/api/hands/:id/shoe', () => HttpResponse.json(shoe())),
    );
    const { user } = renderWithProviders(<LedgerPage />, { route: '/ledger?day=2026-01-05' });
    const [winRow] = await screen.findAllByTestId('ledger-row');
    await user.click(within(winRow).getByRole('button', { name: /Win/ }));
    expect(within(winRow).getByRole('button', { name: /Win/ })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('1,000 Satoshi')).toBeInTheDocument();
    expect(screen.getByText('Hand 2 of 4')).toBeInTheDocument();
  });
});

describe("a hand's shoe in its details", () => {
  const PLAYER_SEED = 'q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80=';
  const HOUSE_SEED = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
  const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
  const order = shuffleShoe(PLAYER_SEED, HOUSE_SEED);
  const dealt = (cardIndex: number): Card => {
    const id = order[cardIndex]!;
    return { id, cardIndex, suit: cardSuit(id), rank: cardRank(id), value: Math.min(cardRank(id), 10), faceDown: false };
  };
  /** The second hand of the shoe: the player got cards 13 and 15 (positions 12, 14), the dealer 14 and 16. */
  const secondHand = (cards: (i: number) => Card = dealt) =>
    hand({ phase: 'Settled', handNumber: 2, dealerHand: { cards: [cards(13), cards(15)], cardIndices: [13, 15], displayScore: '18', score: 18, hasBlackjack: false }, playerHands: [playerHand([cards(12), cards(14)], { handState: 'Win' })] });

  async function openDetails() {
    const { user } = renderWithProviders(<LedgerPage />, { route: '/ledger?day=2026-01-05' });
    const [winRow] = await screen.findAllByTestId('ledger-row');
    await user.click(within(winRow).getByRole('button', { name: /Win/ }));
  }

  it('checks a retired shoe in place: the hash, the shuffle, and where the hand lies in it, with one link to the verifier', async () => {
    const retired = shoe({ playerSeed: PLAYER_SEED, houseSeed: HOUSE_SEED, houseSeedHash: await houseSeedHash(HOUSE_SEED, sha256), retired: true, handCount: 4, cards: order.map((_, i) => dealt(i)) });
    server.use(serveDay(lines), http.get('/api/hands/:id', () => HttpResponse.json(secondHand())), http.get('/api/hands/:id/shoe', () => HttpResponse.json(retired)));
    await openDetails();

    const check = await screen.findByTestId('ledger-shoe');
    expect(within(check).getByRole('heading', { name: 'Shoe verification' })).toBeInTheDocument();
    expect(within(check).getByText(HOUSE_SEED)).toBeInTheDocument();
    expect(within(check).getByText(PLAYER_SEED)).toBeInTheDocument();
    expect(await within(check).findByTestId('hash-verdict', {}, { timeout: 12_000 })).toHaveTextContent('✓ Matches the committed hash');
    expect(within(check).getByTestId('shuffle-verdict')).toHaveTextContent('✓ All 208 cards match the shoe.');
    expect(within(check).getByTestId('hand-positions')).toHaveTextContent('This hand’s cards are cards 13, 14, 15, 16 of 208 in the shoe. ✓ The shuffle gives exactly these cards.');
    const links = within(check).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('Open the full verifier');
    expect(links[0]).toHaveAttribute('href', `/provable?id=${retired.id}`);
  }, 20_000);

  it('says when the cards of the hand are not the ones the seeds give', async () => {
    const retired = shoe({ playerSeed: PLAYER_SEED, houseSeed: HOUSE_SEED, houseSeedHash: await houseSeedHash(HOUSE_SEED, sha256), retired: true, handCount: 4, cards: order.map((_, i) => dealt(i)) });
    const swapped = (i: number) => (i === 12 ? { ...dealt(40), cardIndex: 12 } : dealt(i));
    server.use(serveDay(lines), http.get('/api/hands/:id', () => HttpResponse.json(secondHand(swapped))), http.get('/api/hands/:id/shoe', () => HttpResponse.json(retired)));
    await openDetails();
    expect(await screen.findByTestId('hand-positions', {}, { timeout: 12_000 })).toHaveTextContent('✗ The shuffle gives other cards there.');
  }, 20_000);

  it('says so at once while the shoe is still in play, and shows its commitment on asking', async () => {
    const inPlay = shoe();
    server.use(
      serveDay(lines),
      http.get('/api/hands/:id', () => HttpResponse.json(secondHand())),
      http.get('/api/hands/:id/shoe', () => apiError('ActiveHand')),
      http.get('/api/shoes/:id', () => HttpResponse.json(inPlay)),
    );
    const { user } = renderWithProviders(<LedgerPage />, { route: '/ledger?day=2026-01-05' });
    const [winRow] = await screen.findAllByTestId('ledger-row');
    await user.click(within(winRow).getByRole('button', { name: /Win/ }));
    expect(await screen.findByTestId('shoe-in-use')).toHaveTextContent('cannot show shoe, still in use');
    expect(screen.queryByTestId('hash-verdict')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show shoe' }));
    const known = await screen.findByTestId('ledger-shoe');
    expect(within(known).getByText(inPlay.houseSeedHash)).toBeInTheDocument();
    expect(within(known).getByText('cannot show shoe, still in use')).toBeInTheDocument();
  });
});

describe('a busy ledger day', () => {
  /** 400 lines: a deposit, then hands of a bet and a win, one a minute. */
  const busy: LedgerEntry[] = Array.from({ length: 400 }, (_, i) => ({
    id: `b${i}`,
    type: i === 0 ? 'LightningDeposit' : i % 2 ? 'Bet' : 'Win',
    createdTime: new Date(Date.UTC(2026, 0, 5, 1, i)).toISOString(),
    handId: null,
    reference: null,
    amount: i === 0 ? 100_000 : i % 2 ? -1_000 : 1_500,
  }));

  it("shows its newest lines at once with the whole day's net, and older ones on asking", async () => {
    server.use(serveDay(busy));
    const sent = recordRequests();
    const { user } = renderWithProviders(<LedgerPage />, { route: '/ledger?day=2026-01-05' });
    expect(await screen.findAllByTestId('ledger-row')).toHaveLength(100);
    const net = busy.reduce((sum, line) => sum + line.amount, 0);
    expect(screen.getByTestId('ledger-net')).toHaveTextContent(`+${net.toLocaleString('en-US')}`);
    expect(screen.getByTestId('ledger-split-deposits')).toHaveTextContent('+100,000');
    expect(screen.getByText('The newest 100 of the day’s 400 lines')).toBeInTheDocument();
    expect(await sent.to('GET', '/players/ledger/page')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Show older lines' }));
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(200));
    expect((await sent.to('GET', '/players/ledger/page')).map((r) => r.query.get('offset'))).toEqual(['0', '100']);
    for (let i = 0; i < 2; i++) {
      await user.click(screen.getByRole('button', { name: 'Show older lines' }));
    }
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(400));
    // The oldest line last, and nothing more to ask for.
    expect(screen.getAllByTestId('ledger-row').at(-1)).toHaveAttribute('data-type', 'LightningDeposit');
    expect(screen.queryByTestId('ledger-more')).not.toBeInTheDocument();
    expect(screen.getByTestId('ledger-net')).toHaveTextContent(`+${net.toLocaleString('en-US')}`);
  });
});
