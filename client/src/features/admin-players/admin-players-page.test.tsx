import type { AdminPlayer, PlayerPage } from '@bahati/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminPlayer } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, asStaff, recordRequests, server } from '@/test/server';
import { Component as AdminPlayersPage } from './admin-players-page';

const ada = adminPlayer();
const bob = adminPlayer({ id: '0f9e8d7c-6b5a-4938-8271-605f4e3d2c1b', email: 'bob@example.com', name: 'Bob', banned: true, suspectLevel: 40, bank: 2_500 });

/** GET players: the rows whose e-mail contains `q`. */
function players(rows: AdminPlayer[]) {
  server.use(
    http.get('/api/players', ({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get('q') ?? '';
      const items = rows.filter((row) => row.email.includes(q) || row.id === q);
      return HttpResponse.json<PlayerPage>({ items, total: items.length, offset: Number(url.searchParams.get('offset') ?? 0), limit: 50 });
    }),
  );
}

const rowOf = (email: string) => screen.getByRole('link', { name: `Details of ${email}` }).closest('tr')!;

describe('the players table', () => {
  it('lists players for support, read only', async () => {
    asStaff('support');
    players([ada, bob]);
    renderWithProviders(<AdminPlayersPage />, { route: '/admin/players' });
    await screen.findByRole('link', { name: 'Details of bob@example.com' });
    expect(within(rowOf('bob@example.com')).getByText('Banned')).toBeInTheDocument();
    expect(within(rowOf('bob@example.com')).getByText('40')).toBeInTheDocument();
    expect(within(rowOf('ada@example.com')).getByText('Not banned')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Details of ada@example.com' })).toHaveAttribute('href', `/admin/players/${ada.id}`);
  });

  it('searches by e-mail', async () => {
    asStaff('support');
    players([ada, bob]);
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminPlayersPage />, { route: '/admin/players' });
    await screen.findByRole('link', { name: 'Details of bob@example.com' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by e-mail' }), 'bob');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Details of ada@example.com' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Details of bob@example.com' })).toBeInTheDocument();
    expect((await sent.to('GET', '/players')).some((r) => r.query.get('q') === 'bob')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByRole('link', { name: 'Details of ada@example.com' })).toBeInTheDocument();
  });

  it('says when no player matches', async () => {
    asStaff('support');
    players([ada]);
    renderWithProviders(<AdminPlayersPage />, { route: '/admin/players?q=nobody' });
    expect(await screen.findByText('No player matches “nobody”.')).toBeInTheDocument();
  });

  it('lets an admin ban a player', async () => {
    asStaff('admin');
    players([ada]);
    server.use(http.post('/api/players/:id/ban', ({ params }) => HttpResponse.json({ id: String(params.id), banned: true })));
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminPlayersPage />, { route: '/admin/players' });
    const toggle = await screen.findByRole('switch', { name: 'Banned ada@example.com' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    // A ban asks first: what it does, and a reason that goes to the audit log.
    const dialog = await screen.findByRole('dialog', { name: 'Ban ada@example.com?' });
    expect(within(dialog).getByText(/Every session of the player ends now/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('Give a reason: it is kept in the audit log.')).toBeInTheDocument();
    expect(await sent.to('POST', `/players/${ada.id}/ban`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Four accounts, one address');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('ada@example.com is banned.')).toBeInTheDocument();
    const [ban] = await sent.to('POST', `/players/${ada.id}/ban`);
    expect(ban!.body).toEqual({ reason: 'Four accounts, one address' });
  });

  it('lets an admin set a suspect level, and shows a refusal', async () => {
    asStaff('admin');
    players([ada]);
    server.use(
      http.post('/api/players/:id/suspect/:level', ({ params }) =>
        Number(params.level) > 100 ? apiError('ValidationFailed', 400, 'The suspect level is a whole number from 0 to 100') : HttpResponse.json({ id: String(params.id), suspectLevel: Number(params.level) }),
      ),
    );
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminPlayersPage />, { route: '/admin/players' });
    const level = await screen.findByRole('textbox', { name: 'Suspect level of ada@example.com' });
    await user.clear(level);
    await user.type(level, '25{Enter}');
    // The change is shown with where it comes from, and needs a reason.
    const dialog = await screen.findByRole('dialog', { name: 'Set the suspect level of ada@example.com?' });
    expect(within(dialog).getByText(/From 0 to 25/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Bets follow the count');
    await user.click(within(dialog).getByRole('button', { name: 'Set the level' }));
    expect(await screen.findByText('Saved: 25')).toBeInTheDocument();
    const [set] = await sent.to('POST', `/players/${ada.id}/suspect/25`);
    expect(set!.body).toEqual({ reason: 'Bets follow the count' });

    // What is not a level stays as typed, refused at the field: nothing is sent.
    for (const typed of ['150', '-5', '12.5']) {
      await user.clear(level);
      await user.type(level, `${typed}{Enter}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(/0 to 100/);
      expect(level).toHaveValue(typed);
      expect(level).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await sent.to('POST', `/players/${ada.id}/suspect/150`)).toHaveLength(0);
  });

  it('sorts and filters from the URL, sends the same to the server, and keeps them when paging', async () => {
    asStaff('support');
    server.use(
      http.get('/api/players', ({ request }) => {
        const url = new URL(request.url);
        const min = Number(url.searchParams.get('suspectMin') ?? 0);
        const items = [ada, bob].filter((p) => p.suspectLevel >= min && (url.searchParams.get('banned') !== 'yes' || p.banned));
        return HttpResponse.json<PlayerPage>({ items, total: 120, offset: Number(url.searchParams.get('offset') ?? 0), limit: 50 });
      }),
    );
    const sent = recordRequests();
    const { user, location } = renderWithProviders(<AdminPlayersPage />, { route: '/admin/players?sort=suspect&suspectMin=30' });
    await screen.findByRole('link', { name: 'Details of bob@example.com' });
    expect(screen.queryByRole('link', { name: 'Details of ada@example.com' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('suspect');
    expect(screen.getByRole('textbox', { name: 'Suspect level at least' })).toHaveValue('30');
    expect(screen.getByRole('table', { name: 'Players matching the filters' })).toBeInTheDocument();
    const [first] = await sent.to('GET', '/players');
    expect(Object.fromEntries(first!.query)).toMatchObject({ sort: 'suspect', suspectMin: '30' });

    // A level the server would refuse is refused at the field; nothing changes.
    const level = screen.getByRole('textbox', { name: 'Suspect level at least' });
    await user.clear(level);
    await user.type(level, '150');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(level).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/admin/players?sort=suspect&suspectMin=30');

    await user.clear(level);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ban' }), 'yes');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'player');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc');
    await user.type(screen.getByRole('textbox', { name: 'Active in the last … days' }), '7');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location()).toBe('/admin/players?sort=suspect&dir=asc&banned=yes&role=player&activeDays=7'));
    expect(screen.getByRole('columnheader', { name: 'Last active' })).toBeInTheDocument();

    // The pager waits while the filtered page loads.
    await waitFor(() => expect(screen.getByRole('button', { name: /next/i })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(location()).toBe('/admin/players?sort=suspect&dir=asc&banned=yes&role=player&activeDays=7&offset=50'));
    const last = (await sent.to('GET', '/players')).at(-1)!;
    expect(Object.fromEntries(last.query)).toMatchObject({ sort: 'suspect', dir: 'asc', banned: 'yes', role: 'player', activeDays: '7', offset: '50' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/admin/players'));
    expect(await screen.findByRole('link', { name: 'Details of ada@example.com' })).toBeInTheDocument();
  });
});
