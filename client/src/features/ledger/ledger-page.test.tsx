import type { LedgerEntry, LedgerPage as LedgerPageAnswer } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { hand, HAND_ID, shoe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { recordRequests, server } from '@/test/server';
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
