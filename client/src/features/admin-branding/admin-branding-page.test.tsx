import type { AdminBrand, Brand, BrandPreviewResponse, BrandSaveResponse } from '@bahati/contracts';
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

const EMPTY_CHIP = '<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70"></svg>';

describe('the branding page', () => {
  let stored: AdminBrand[];
  beforeEach(() => {
    asStaff('admin');
    stored = [{ ...brand(), retired: null }, { ...brand({ id: 'dusk', name: 'Dusk' }), retired: null }];
    server.use(
      http.get('/api/admin/brands', () => HttpResponse.json(stored)),
      // The server's preview: a chip made only of script comes back empty and is named.
      http.post('/api/admin/brands/preview', async ({ request }) => {
        const sent = (await request.json()) as Brand;
        const blank = sent.chip2Svg.includes('<script');
        return HttpResponse.json<BrandPreviewResponse>({
          brand: blank ? { ...sent, chip2Svg: EMPTY_CHIP } : sent,
          removed: blank ? ['chip2Svg: <script> element'] : [],
          blanked: blank ? ['chip2Svg'] : [],
        });
      }),
      http.post('/api/admin/brands/:id/retire', async ({ params, request }) => {
        const { reason } = (await request.json()) as { reason: string };
        stored = stored.map((b) => (b.id === params.id ? { ...b, retired: { at: '2026-03-01T10:00:00.000Z', by: 'admin', reason } } : b));
        return HttpResponse.json(stored.find((b) => b.id === params.id));
      }),
      http.post('/api/players/brand', async ({ request }) => {
        const saved = (await request.json()) as Brand;
        const created = !stored.some((b) => b.id === saved.id);
        stored = [...stored.filter((b) => b.id !== saved.id), { ...saved, retired: null }];
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

  it('previews the drawings sanitised, names a drawing the sanitiser blanks before saving, and saves only when asked again', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminBrandingPage />, { route: '/admin/branding' });
    const markup = await screen.findByLabelText('SVG markup of Chip 5K');
    await user.clear(markup);
    await user.click(markup);
    await user.paste('<svg xmlns="http://www.w3.org/2000/svg" width="70" height="70"><script>alert(1)</script></svg>');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Drawings that would be blank');
    expect(warning).toHaveTextContent('The sanitiser removes everything visible from: Chip 5K.');
    expect(screen.getByTestId('blank-chip2Svg')).toHaveTextContent('The sanitiser leaves nothing to draw here.');
    expect(screen.getByRole('img', { name: 'Sanitised preview of Chip 5K' })).toBeInTheDocument();
    expect(await sent.to('POST', '/players/brand')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByRole('dialog', { name: 'Brand saved' })).toBeInTheDocument();
    expect(await sent.to('POST', '/players/brand')).toHaveLength(1);
  });

  it('shows the sanitised drawings of a clean brand on asking for a preview', async () => {
    const { user } = renderWithProviders(<AdminBrandingPage />, { route: '/admin/branding' });
    await user.click(await screen.findByRole('button', { name: 'Preview sanitised' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sanitised: every drawing still has something to draw.');
    expect(screen.getByRole('img', { name: 'Sanitised preview of Logo' })).toBeInTheDocument();
  });

  it('retires a brand with a reason and shows it retired; the default brand has no retire button', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<AdminBrandingPage />, { route: '/admin/branding' });
    await screen.findByLabelText('Name');
    expect(screen.queryByRole('button', { name: 'Retire brand' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Brand'), 'saved:dusk');
    await user.click(screen.getByRole('button', { name: 'Retire brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire the brand Dusk?' });
    await user.type(within(dialog).getByRole('textbox'), 'Campaign over');
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByTestId('brand-retired')).toHaveTextContent('Campaign over. Players asking for it see the default brand.');
    expect(screen.getByRole('option', { name: 'Dusk (dusk) · retired' })).toBeInTheDocument();
    const [retire] = await sent.to('POST', '/admin/brands/dusk/retire');
    expect(retire.body).toEqual({ reason: 'Campaign over' });
  });
});
