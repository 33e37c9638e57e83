import type { LedgerEntry } from '@bahati/contracts';
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
    server.use(http.get('/api/players/ledger', () => HttpResponse.json(lines)));
    const sent = recordRequests();
    renderWithProviders(<LedgerPage />, { route: '/ledger?day=2026-01-05' });
    const rows = await screen.findAllByTestId('ledger-row');
    expect(rows.map((row) => row.getAttribute('data-type'))).toEqual(['Win', 'Bet', 'LightningDeposit']);
    expect(screen.getByTestId('ledger-net')).toHaveTextContent('+51,000');
    const [asked] = await sent.to('GET', '/players/ledger');
    expect(Object.fromEntries(asked.query)).toEqual({ d: '5', m: '1', y: '2026', o: String(new Date(2026, 0, 5).getTimezoneOffset()) });
  });

  it('says when a day has no entries, and steps to the previous day', async () => {
    server.use(http.get('/api/players/ledger', () => HttpResponse.json<LedgerEntry[]>([])));
    const sent = recordRequests();
    const { user } = renderWithProviders(<LedgerPage />, { route: '/ledger?day=2026-01-05' });
    expect(await screen.findByText('No entries on this day.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(async () => expect((await sent.to('GET', '/players/ledger')).some((r) => r.query.get('d') === '4')).toBe(true));
  });

  it('does not step past today', async () => {
    server.use(http.get('/api/players/ledger', () => HttpResponse.json<LedgerEntry[]>([])));
    renderWithProviders(<LedgerPage />, { route: '/ledger' });
    expect(await screen.findByText('No entries on this day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
  });

  it("opens a hand's details from its line", async () => {
    server.use(
      http.get('/api/players/ledger', () => HttpResponse.json(lines)),
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
