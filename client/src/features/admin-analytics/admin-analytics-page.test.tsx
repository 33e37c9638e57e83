import type { AnalyticsDay, AnalyticsReport } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { asStaff, recordRequests, server } from '@/test/server';
import { Component as AdminAnalyticsPage } from './admin-analytics-page';

// jsdom has no canvas to draw the charts on; the figures are read from the totals and the table.
vi.mock('uplot', () => {
  class Chart {
    static paths = {};
    setSize() {}
    destroy() {}
  }
  return { default: Chart };
});

function day(date: string, hands: number): AnalyticsDay {
  return {
    date,
    hands,
    activePlayers: 2,
    wagered: hands * 1_000,
    returned: hands * 980,
    grossGamingRevenue: hands * 20,
    realisedEdgePercent: 2,
    publishedEdgePercent: 0.5,
    deposits: 50_000,
    depositCount: 1,
    withdrawals: 10_000,
    withdrawalCount: 1,
    withdrawalsRefunded: 0,
  };
}

const report: AnalyticsReport = {
  from: '2026-01-04',
  to: '2026-01-05',
  days: [day('2026-01-04', 10), day('2026-01-05', 30)],
  totals: { ...day('', 40), activePlayers: 3, deposits: 100_000, depositCount: 2, withdrawals: 20_000, withdrawalCount: 2 },
  detail: {
    withdrawals: { requested: { count: 5, sats: 24_000 }, paid: { count: 2, sats: 17_000 }, declined: { count: 1, sats: 5_000 }, cancelled: { count: 1, sats: 3_000 } },
    edge: { hands: 6, staked: 8_000, houseNet: 1_000, realisedPercent: 12.5, standardErrorPercent: 56.1805, lowPercent: -97.6118, highPercent: 122.6118, publishedPercent: 0.504 },
    levels: [
      { min: 0, max: 0, players: 1, hands: 4, staked: 4_000, houseNet: 2_000, realisedPercent: 50 },
      { min: 1, max: 49, players: 0, hands: 0, staked: 0, houseNet: 0, realisedPercent: null },
      { min: 50, max: 79, players: 1, hands: 2, staked: 4_000, houseNet: -1_000, realisedPercent: -25 },
      { min: 80, max: 100, players: 0, hands: 0, staked: 0, houseNet: 0, realisedPercent: null },
    ],
  },
};

beforeEach(() => {
  asStaff('admin');
  server.use(http.get('/api/admin/analytics', () => HttpResponse.json(report)));
});

describe('the analytics', () => {
  it('shows the totals and the figures of each day of the range asked for', async () => {
    const sent = recordRequests();
    renderWithProviders(<AdminAnalyticsPage />, { route: '/admin/analytics?from=2026-01-04&to=2026-01-05' });
    expect(await screen.findByText('Totals from 2026-01-04 to 2026-01-05')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Figures per day from 2026-01-04 to 2026-01-05' });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
    expect(within(table).getByText('30,000')).toBeInTheDocument();
    const [asked] = await sent.to('GET', '/admin/analytics');
    expect(Object.fromEntries(asked.query)).toEqual({ from: '2026-01-04', to: '2026-01-05' });
  });

  it('refuses a range that ends before it starts', async () => {
    const { user } = renderWithProviders(<AdminAnalyticsPage />, { route: '/admin/analytics?from=2026-01-04&to=2026-01-05' });
    await screen.findByText('Totals from 2026-01-04 to 2026-01-05');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a start day on or before the end day, at most 366 days in all.');
  });

  it('asks for a quick range', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminAnalyticsPage />, { route: '/admin/analytics?from=2026-01-04&to=2026-01-05' });
    await screen.findByText('Totals from 2026-01-04 to 2026-01-05');
    await user.click(within(screen.getByRole('group', { name: 'Quick ranges' })).getAllByRole('button')[0]);
    await waitFor(async () => expect((await sent.to('GET', '/admin/analytics')).length).toBeGreaterThan(1));
  });

  it('explains the edge: realised with its interval and sample, beside the published edge, its basis and the method', async () => {
    renderWithProviders(<AdminAnalyticsPage />, { route: '/admin/analytics?from=2026-01-04&to=2026-01-05' });
    const edge = await screen.findByTestId('analytics-edge');
    expect(within(edge).getByText('12.50%')).toBeInTheDocument();
    expect(within(edge).getByTestId('edge-interval')).toHaveTextContent('-97.612% to 122.612%');
    expect(within(edge).getByText('6 hands')).toBeInTheDocument();
    expect(within(edge).getByTestId('edge-sample')).toHaveTextContent('8,000 sats staked · house net +1,000 sats');
    expect(within(edge).getByText('0.504%')).toBeInTheDocument();
    expect(within(edge).getByTestId('edge-verdict')).toHaveTextContent('Inside the interval');
    expect(screen.getByTestId('edge-basis')).toHaveTextContent('50,000,000 hands per level');
    expect(screen.getByTestId('edge-basis')).toHaveTextContent('the dealer hitting soft 17');
    expect(screen.getByTestId('edge-method')).toHaveTextContent('√(n·s²) ÷ total staked');
  });

  it('lists withdrawals by outcome and the results by suspect level', async () => {
    renderWithProviders(<AdminAnalyticsPage />, { route: '/admin/analytics?from=2026-01-04&to=2026-01-05' });
    const withdrawals = await screen.findByRole('table', { name: 'Withdrawals by outcome from 2026-01-04 to 2026-01-05' });
    expect(within(within(withdrawals).getByTestId('withdrawals-paid')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Paid', '2', '17,000']);
    expect(within(within(withdrawals).getByTestId('withdrawals-cancelled')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Cancelled', '1', '3,000']);
    const levels = screen.getByRole('table', { name: 'Results by suspect level from 2026-01-04 to 2026-01-05' });
    expect(within(within(levels).getByTestId('level-50')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['50–79', '1', '2', '4,000', '−1,000', '-25.00%']);
  });

  it('downloads the page as CSV from the server', async () => {
    const sent = recordRequests();
    server.use(http.get('/api/admin/analytics.csv', () => new HttpResponse('days\r\n', { headers: { 'content-type': 'text/csv' } })));
    const created = vi.fn(() => 'blob:analytics');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    // The download link is clicked, not followed (jsdom has no downloads).
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<AdminAnalyticsPage />, { route: '/admin/analytics?from=2026-01-04&to=2026-01-05' });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    const [csv] = await sent.to('GET', '/admin/analytics.csv');
    expect(Object.fromEntries(csv!.query)).toEqual({ from: '2026-01-04', to: '2026-01-05' });
  });
});
