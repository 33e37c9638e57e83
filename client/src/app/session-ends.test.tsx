import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { JWT_STORAGE_KEY } from '@/lib/session';
import { player, TEST_JWT } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { pushPlayerEvent, server } from '@/test/server';
import { RefuseSelfExcluded } from './guards';
import { RootLayout } from './root-layout';

describe('a session ended elsewhere', () => {
  it('sends a screen to the suspension page when the push says a ban ended it', async () => {
    const { location, store } = renderWithProviders(<RootLayout />, { route: '/game' });
    // The push channel opens with the shell; the event is sent again until the open channel has carried it.
    await waitFor(() => {
      pushPlayerEvent({ type: 'SessionEnded', reason: 'ban' });
      expect(location()).toBe('/suspect');
    });
    expect(store.getState().session.jwt).toBeNull();
  });

  it('sends a screen to the session-ended notice when the player signed out everywhere from another device', async () => {
    const { location, store } = renderWithProviders(<RootLayout />, { route: '/game' });
    await waitFor(() => {
      pushPlayerEvent({ type: 'SessionEnded', reason: 'logout-all' });
      expect(location()).toBe('/authentication');
    });
    expect(store.getState().session.ended).toBe(true);
  });

  it('ends the session of a tab when another tab of the browser forgets the shared token', async () => {
    const { location } = renderWithProviders(<RootLayout />, { route: '/game' });
    window.dispatchEvent(new StorageEvent('storage', { key: JWT_STORAGE_KEY, oldValue: TEST_JWT, newValue: null }));
    await waitFor(() => expect(location()).toBe('/authentication'));
  });
});

describe('the screens that take a bet or a deposit', () => {
  it('show a self-excluded player the notice, with when a requested lift takes effect, instead of the screen', async () => {
    server.use(http.get('/api/players/1234', () => HttpResponse.json(player({ selfExclude: true, selfExclusionLiftsAt: '2026-01-06T10:00:00.000Z' }))));
    renderWithProviders(
      <RefuseSelfExcluded>
        <button type="button">Deal</button>
      </RefuseSelfExcluded>,
      { route: '/game' },
    );
    expect(await screen.findByTestId('self-excluded-page')).toBeInTheDocument();
    expect(screen.getByTestId('self-excluded-lifts-at')).toHaveTextContent(/it lifts at .*2026/);
    expect(screen.queryByRole('button', { name: 'Deal' })).not.toBeInTheDocument();
  });

  it('leave the table open to a self-excluded player until the hand dealt before is played out', async () => {
    server.use(http.get('/api/players/1234', () => HttpResponse.json(player({ selfExclude: true, activeHandId: 'hand-1' }))));
    renderWithProviders(
      <RefuseSelfExcluded handInPlay>
        <button type="button">Stand</button>
      </RefuseSelfExcluded>,
      { route: '/game' },
    );
    expect(await screen.findByRole('button', { name: 'Stand' })).toBeInTheDocument();
  });

  it('show the screen to a player who is not excluded', async () => {
    renderWithProviders(
      <RefuseSelfExcluded>
        <button type="button">Deal</button>
      </RefuseSelfExcluded>,
      { route: '/game' },
    );
    expect(await screen.findByRole('button', { name: 'Deal' })).toBeInTheDocument();
  });
});
