import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { player } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { asStaff, recordRequests, server } from '@/test/server';
import { BalanceChip } from './balance-chip';
import { Header } from './header';

describe('the header', () => {
  it("shows a player's menu and their name", async () => {
    renderWithProviders(<Header signInControl={<button type="button">Sign in</button>} />, { route: '/game' });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(expect.arrayContaining(['Play', 'Deposit', 'Withdraw', 'Bonuses', 'Ledger']));
    expect(screen.getAllByRole('link', { name: 'Profile of Ada Lovelace' })[0]).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows the sign-in control to a visitor', () => {
    renderWithProviders(<Header signInControl={<button type="button">Sign in</button>} />, { preloadedState: { session: { jwt: null } } });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('offers an admin the admin menu', async () => {
    asStaff('admin');
    server.use(http.get('/api/players/1234', () => HttpResponse.json(player({ isAdmin: true }))));
    const { user } = renderWithProviders(<Header signInControl={null} />, { route: '/game' });
    const admin = await screen.findByRole('button', { name: 'Admin' });
    await user.click(admin);
    expect(admin).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Withdraw Requests' })).toHaveAttribute('href', '/withdraw-requests');
    expect(screen.getByRole('link', { name: 'Branding' })).toHaveAttribute('href', '/admin/branding');
  });

  it('ends the session on the server when the player signs out', async () => {
    server.use(http.post('/api/players/logout', () => HttpResponse.json(null)));
    const sent = recordRequests();
    const { user, store, location } = renderWithProviders(<Header signInControl={null} />, { route: '/game' });
    await user.click((await screen.findAllByRole('button', { name: 'Sign out' }))[0]);
    await waitFor(() => expect(store.getState().session.jwt).toBeNull());
    await waitFor(() => expect(location()).toBe('/'));
    expect(await sent.to('POST', '/players/logout')).toHaveLength(1);
  });
});

describe('the balance in the header', () => {
  it('shows the bank in sats and about what it is worth in dollars', async () => {
    server.use(http.get('/api/players/bank', () => HttpResponse.json(2_500_000)));
    renderWithProviders(<BalanceChip />);
    const chip = await screen.findByTestId('balance');
    // 2,500,000 sats at 100,000 dollars a bitcoin.
    await waitFor(() => expect(chip).toHaveTextContent('Balance: 2,500,000 satoshis, about $2,500'));
    expect(chip).toHaveAttribute('title', expect.stringContaining('Dollar value at a fixed reference price'));
  });
});
