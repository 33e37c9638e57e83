import type { LiabilityCommitmentView } from '@bahati/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { COMMITMENT_ID } from '@/test/fixtures';
import { renderWithProviders, tableRows } from '@/test/render';
import { apiError, server } from '@/test/server';
import { Component as LiabilitiesPage } from './liabilities-page';

const older: LiabilityCommitmentView = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  rootHash: 'a'.repeat(64),
  total: 1_250_000,
  players: 41,
  position: '9001',
  committedAt: '2026-02-28T00:00:00.000Z',
};
const newest: LiabilityCommitmentView = { id: COMMITMENT_ID, rootHash: `${'0123456789abcdef'.repeat(4)}`, total: 1_300_500, players: 42, position: '9950', committedAt: '2026-03-01T00:00:00.000Z' };

/** docs/verify-liabilities.py as it is on disk (read with Node, not through the bundler). */
async function docsVerifier(): Promise<string> {
  const fsModule = 'node:fs';
  const fs = (await import(/* @vite-ignore */ fsModule)) as { readFileSync: (path: string, encoding: 'utf8') => string };
  // The test file's own address, then up to the repository's docs (a plain string: the bundler leaves it alone).
  const here = import.meta.url;
  const docs = here.replace(/\/client\/src\/.*$/, '/docs/verify-liabilities.py');
  return fs.readFileSync(decodeURIComponent(docs.replace(/^file:\/\//, '')), 'utf8');
}

describe('the proof-of-liabilities page', () => {
  it('lists every commitment newest first: time, total, players, root hash and event-store position', async () => {
    server.use(http.get('/api/liabilities', () => HttpResponse.json([newest, older])));
    renderWithProviders(<LiabilitiesPage />, { route: '/proof-of-liabilities' });
    expect(screen.getByRole('heading', { level: 1, name: 'Proof of liabilities' })).toBeInTheDocument();
    const [first, second] = await tableRows('Published commitments, newest first', 2);
    expect(first).toHaveTextContent('1,300,500 sats');
    expect(within(first!).getByTestId('commitment-root')).toHaveTextContent(newest.rootHash);
    expect(first).toHaveTextContent('42');
    expect(first).toHaveTextContent('9950');
    expect(within(first!).getByRole('button', { name: /Copy the root hash/ })).toBeInTheDocument();
    expect(second).toHaveTextContent('1,250,000 sats');
    expect(within(second!).getByTestId('commitment-root')).toHaveTextContent(older.rootHash);
    expect(within(second!).getByText('2026', { exact: false, selector: 'time' })).toHaveAttribute('datetime', older.committedAt);
  });

  it('says so before the first commitment', async () => {
    renderWithProviders(<LiabilitiesPage />, { route: '/proof-of-liabilities' });
    expect(await screen.findByTestId('commitments-none')).toHaveTextContent('No commitment has been published yet.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the list could not be loaded, and loads it again', async () => {
    let fail = true;
    server.use(http.get('/api/liabilities', () => (fail ? apiError('InternalError', 500) : HttpResponse.json([newest]))));
    const { user } = renderWithProviders(<LiabilitiesPage />, { route: '/proof-of-liabilities' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The commitments could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await tableRows('Published commitments, newest first', 1);
  });

  it('shows the Python verifier of the docs word for word, with a copy button', async () => {
    renderWithProviders(<LiabilitiesPage />, { route: '/proof-of-liabilities' });
    const shown = screen.getByTestId('liabilities-python').textContent;
    expect(shown).toBe(await docsVerifier());
    expect(shown).toContain('print("OK: your %d sats are in the total of %d sats (root %s)"');
    expect(screen.getByRole('button', { name: 'Copy the code' })).toBeInTheDocument();
    expect(screen.getByText('python3 verify-liabilities.py proof.json')).toBeInTheDocument();
  });

  it('sends a signed-in player to their proof, and a visitor to sign in', async () => {
    const { unmount } = renderWithProviders(<LiabilitiesPage />, { route: '/proof-of-liabilities' });
    expect(screen.getByRole('link', { name: 'Open your proof on your profile' })).toHaveAttribute('href', '/profile#liabilities');
    unmount();
    renderWithProviders(<LiabilitiesPage />, { route: '/proof-of-liabilities', preloadedState: { session: { jwt: null } } });
    expect(screen.getByRole('link', { name: 'Sign in to see your proof' })).toHaveAttribute('href', '/authentication');
    // The explanation of what a watch-only server cannot prove is there for everyone.
    expect(screen.getByRole('heading', { name: 'What this does not prove' })).toBeInTheDocument();
  });
});
