import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HAND_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { asStaff } from '@/test/server';
import { Component as AdminPage } from './admin-page';

const screensOf = () =>
  within(screen.getByRole('navigation', { name: 'Admin screens' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('the back office landing', () => {
  it('offers an admin every screen', async () => {
    asStaff('admin');
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    await waitFor(() => expect(screensOf()).toHaveLength(10));
    expect(screensOf()).toEqual([
      '/admin/players', '/withdraw-requests', '/admin/redeem-codes', '/admin/held-deposits', '/admin/support', '/admin/analytics', '/admin/reconciliation', '/admin/reserves', '/admin/audit-log', '/admin/branding',
    ]);
  });

  it('offers support only the screens support may open', async () => {
    asStaff('support');
    renderWithProviders(<AdminPage />, { route: '/admin' });
    await waitFor(() => expect(screensOf()).toEqual(['/admin/players', '/admin/support']));
    expect(screen.getByText(/Every player with their suspect level, suspect records and hands \(read only\)\./)).toBeInTheDocument();
  });

  it('opens the audit of a hand by its id, and refuses what is not one', async () => {
    asStaff('support');
    const { user, location } = renderWithProviders(<AdminPage />, { route: '/admin' });
    const field = await screen.findByLabelText('Hand id');
    await user.type(field, 'hand-42');
    await user.click(screen.getByRole('button', { name: 'Open the audit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A hand id has 36 characters');
    expect(location()).toBe('/admin');
    await user.clear(field);
    await user.type(field, ` ${HAND_ID.toUpperCase()} `);
    await user.click(screen.getByRole('button', { name: 'Open the audit' }));
    await waitFor(() => expect(location()).toBe(`/admin/hands/${HAND_ID}`));
  });
});
