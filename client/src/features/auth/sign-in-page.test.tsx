import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { player } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, clientConfig, recordRequests, server } from '@/test/server';
import { SignInPage } from './sign-in-page';

const signedOut = { preloadedState: { session: { jwt: null } } };

function acceptingSignIn(bank = 100_000) {
  server.use(
    http.post('/api/dev/id-token', () => HttpResponse.json({ idToken: 'id-token-1' })),
    http.post('/api/players/login', () => HttpResponse.json({ jwt: 'jwt-1' })),
    http.get('/api/players/bank', () => HttpResponse.json(bank)),
  );
}

describe('the sign-in page', () => {
  it('signs in by e-mail on a development deployment and goes to the table', async () => {
    acceptingSignIn();
    const sent = recordRequests();
    const { user, store, location } = renderWithProviders(<SignInPage />, { route: '/authentication', ...signedOut });
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.com');
    await user.type(screen.getByLabelText(/Name/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/game'));
    expect(store.getState().session.jwt).toBe('jwt-1');
    expect((await sent.to('POST', '/dev/id-token')).map((r) => r.body)).toEqual([{ email: 'ada@example.com', name: 'Ada' }]);
    expect((await sent.to('POST', '/players/login')).map((r) => r.body)).toEqual([{ idToken: 'id-token-1', photoUrl: null }]);
    // The player is read with the new session.
    const playerRead = (await sent.to('GET', '/players/1234')).at(-1)!;
    expect(playerRead.headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it('sends a player with an empty bank to deposit first', async () => {
    acceptingSignIn(0);
    const { user, location } = renderWithProviders(<SignInPage />, { route: '/authentication', ...signedOut });
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/deposit'));
  });

  it('sends a self-excluded player to the page that explains it', async () => {
    acceptingSignIn();
    server.use(http.get('/api/players/1234', () => HttpResponse.json(player({ selfExclude: true }))));
    const { user, location } = renderWithProviders(<SignInPage />, { route: '/authentication', ...signedOut });
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/self-excluded'));
  });

  it('refuses an address that is not one', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<SignInPage />, { route: '/authentication', ...signedOut });
    await user.type(await screen.findByLabelText('E-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(await sent.to('POST', '/dev/id-token')).toHaveLength(0);
  });

  it('says when sign-in fails', async () => {
    acceptingSignIn();
    server.use(http.post('/api/players/login', () => apiError('InvalidToken', 401)));
    const { user } = renderWithProviders(<SignInPage />, { route: '/authentication', ...signedOut });
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Sign-in failed. Please try again.')).toBeInTheDocument();
  });

  it('goes to the blocked page when the country is blocked', async () => {
    acceptingSignIn();
    server.use(http.post('/api/players/login', () => apiError('BlockedByGeolocation', 403)));
    const { user, location } = renderWithProviders(<SignInPage />, { route: '/authentication', ...signedOut });
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/geolocation-blocked'));
  });

  it('says sign-in is unavailable when the deployment offers no way to sign in', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ ...clientConfig, devIdentity: false, googleClientId: null })));
    renderWithProviders(<SignInPage />, { route: '/authentication', ...signedOut });
    expect(await screen.findByText('Sign-in is unavailable right now. Please try again in a moment.')).toBeInTheDocument();
  });

  it('greets a player who is already signed in', async () => {
    renderWithProviders(<SignInPage />, { route: '/authentication' });
    expect(await screen.findByText('You are signed in as ada@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to the table' })).toHaveAttribute('href', '/game');
  });
});
