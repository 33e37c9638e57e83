import type { Brand, BrandSaveResponse } from '@bahati/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { brand } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { asStaff, recordRequests, server } from '@/test/server';
import { Component as AdminBrandingPage } from './admin-branding-page';
import { checkBrand, sizeMismatch } from './brand-checks';

describe('brand checks', () => {
  it('finds nothing wrong with a complete brand', () => {
    expect(checkBrand(brand(), false, new Set())).toEqual([]);
  });

  it('names each field that is plainly wrong', () => {
    const broken = brand({ id: '-Bad', name: ' ', colour: 'gold', logoSvg: '<div/>', cardSvg: '' });
    expect(checkBrand(broken, true, new Set()).map((check) => [check.field, check.key])).toEqual([
      ['id', 'adminBranding.check.id'],
      ['name', 'adminBranding.check.required'],
      ['colour', 'adminBranding.check.colour'],
      ['logoSvg', 'adminBranding.check.notSvg'],
      ['cardSvg', 'adminBranding.check.required'],
    ]);
  });

  it('refuses the id of a brand that exists, for a new brand only', () => {
    expect(checkBrand(brand({ id: 'bahati' }), true, new Set(['bahati']))).toEqual([{ field: 'id', key: 'adminBranding.check.idTaken' }]);
    expect(checkBrand(brand({ id: 'bahati' }), false, new Set(['bahati']))).toEqual([]);
  });

  it('says when a drawing is not drawn at the size of its field', () => {
    expect(sizeMismatch('logoSvg', '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"/>')).toBeUndefined();
    expect(sizeMismatch('logoSvg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"/>')).toEqual({ width: 64, height: 32 });
    expect(sizeMismatch('logoSvg', 'not svg')).toBeUndefined();
  });
});

describe('the branding page', () => {
  let stored: Brand[];
  beforeEach(() => {
    asStaff('admin');
    stored = [brand()];
    server.use(
      http.get('/api/players/brands', () => HttpResponse.json(stored)),
      http.post('/api/players/brand', async ({ request }) => {
        const saved = (await request.json()) as Brand;
        const created = !stored.some((b) => b.id === saved.id);
        stored = [...stored.filter((b) => b.id !== saved.id), saved];
        return HttpResponse.json<BrandSaveResponse>({ brand: saved, created, removed: created ? [] : ['logoSvg: <script> element'] });
      }),
    );
  });

  it('saves a changed brand and says what the server removed', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminBrandingPage />, { route: '/admin/branding' });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Bahati Gold');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brand saved' });
    expect(within(dialog).getByText('The brand Bahati Gold was updated.')).toBeInTheDocument();
    expect(within(dialog).getByText('Logo: <script> element')).toBeInTheDocument();
    const [post] = await sent.to('POST', '/players/brand');
    expect(post.body).toMatchObject({ id: 'bahati', name: 'Bahati Gold' });
  });

  it('refuses a brand with a missing name and sends nothing', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminBrandingPage />, { route: '/admin/branding' });
    await user.clear(await screen.findByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'SAVE FAILED' });
    expect(within(dialog).getByText('Name: Required.')).toBeInTheDocument();
    expect(await sent.to('POST', '/players/brand')).toHaveLength(0);
  });

  it('creates a new brand from the one shown', async () => {
    const { user } = renderWithProviders(<AdminBrandingPage />, { route: '/admin/branding' });
    await user.click(await screen.findByRole('button', { name: 'Create new brand' }));
    expect(screen.getByText('New brand: it is stored only when you save it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Bahati copy');
    const id = screen.getByLabelText('Id');
    await user.clear(id);
    await user.type(id, 'bahati');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(within(await screen.findByRole('dialog', { name: 'SAVE FAILED' })).getByText('Id: A brand with this id exists already.')).toBeInTheDocument();
  });
});
