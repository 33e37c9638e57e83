import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { player } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { NotFoundPage } from './not-found-page';
import { Component as SelfExcludedPage } from './self-excluded-page';
import { Component as SessionExpiredPage } from './session-expired-page';

describe('the self-exclusion page', () => {
  it('explains self-exclusion and keeps the way to withdraw open', async () => {
    server.use(http.get('/api/players/1234', () => HttpResponse.json(player({ selfExclude: true }))));
    renderWithProviders(<SelfExcludedPage />, { route: '/self-excluded' });
    expect(screen.getByRole('heading', { name: 'You have excluded yourself from play' })).toBeInTheDocument();
    expect(screen.getByText('Your balance stays yours: you can withdraw it at any time.')).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toContain('/withdraws');
    // The player is read: no note that self-exclusion is off.
    await screen.findByTestId('self-excluded-page');
    expect(screen.queryByText('Self-exclusion is not on for your account at the moment.')).not.toBeInTheDocument();
  });

  it('says so when self-exclusion is not on', async () => {
    renderWithProviders(<SelfExcludedPage />, { route: '/self-excluded' });
    expect(await screen.findByText('Self-exclusion is not on for your account at the moment.')).toBeInTheDocument();
  });
});

describe('the pages that end a visit', () => {
  it('tells a player whose session ended to sign in again', () => {
    renderWithProviders(<SessionExpiredPage />, { route: '/session-expired', preloadedState: { session: { jwt: null } } });
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toContain('/authentication');
  });

  it('says a page is not found and leads home', () => {
    renderWithProviders(<NotFoundPage />, { route: '/no-such-page', preloadedState: { session: { jwt: null } } });
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toContain('/');
  });
});
