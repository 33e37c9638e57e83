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
});
