import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ApiErrorBody, Bonus, ErrorCode, LiabilityCommitmentView, PlayerPage, PlayerPushEvent, StaffRole, StaffRolesResponse, WithdrawRequest, WithdrawRequestView } from '@bahati/contracts';
import type { ClientConfig } from '@/lib/api';
import { adminPlayer, brand, limits, player, playerOverview, priceFigure, shoe } from './fixtures';

/**
 * The API as a signed-in player with 100,000 sats and nothing else going on sees it. A test changes what it
 * is about with `server.use(...)` (reset after each test), and reads what was sent with `recordRequests()`.
 */
export const BANK = 100_000;

export const clientConfig: ClientConfig = {
  googleClientId: null,
  devIdentity: true,
  environment: 'test',
  contactEmails: { support: 'support@example.com', privacy: 'privacy@example.com', dataProtection: 'dpo@example.com', marketing: 'news@example.com' },
  bitcoinNetwork: 'regtest',
};

/** The open push channels (GET players/events): `pushPlayerEvent` writes to each. */
const channels = new Set<ReadableStreamDefaultController<Uint8Array>>();

/** The server pushes `event` on the player's channel (server-sent events, one JSON object per `data:` line). */
export function pushPlayerEvent(event: PlayerPushEvent): void {
  const chunk = new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`);
  for (const channel of channels) channel.enqueue(chunk);
}

export const handlers = [
  http.get('/api/players/events', ({ request }) => {
    let channel: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        channel = controller;
        channels.add(controller);
        request.signal.addEventListener('abort', () => {
          channels.delete(controller);
          controller.close();
        });
      },
      cancel() {
        channels.delete(channel);
      },
    });
    return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
  }),
  http.get('/api/config', () => HttpResponse.json(clientConfig)),
  http.get('/api/players/1234', () => HttpResponse.json(player())),
  http.get('/api/players/bank', () => HttpResponse.json(BANK)),
  http.get('/api/players/bcvalue', () => HttpResponse.json(priceFigure)),
  http.get('/api/players/bonuses', () => HttpResponse.json<Bonus[]>([])),
  http.get('/api/players/limits', () => HttpResponse.json(limits())),
  http.get('/api/players/withdrawrequests', () => HttpResponse.json<WithdrawRequestView[]>([])),
  http.post('/api/players/withdraw', async ({ request }) => {
    const { amount } = (await request.json()) as WithdrawRequest;
    return HttpResponse.json(BANK - Number(amount));
  }),
  http.get('/api/shoes/:id', ({ params }) => HttpResponse.json(shoe({ id: String(params.id) }))),
  // The back office's players search: the one fixture player, when the search finds them.
  http.get('/api/players', ({ request }) => {
    const url = new URL(request.url);
    const q = url.searchParams.get('q') ?? '';
    const items = [adminPlayer()].filter((row) => row.email.includes(q) || row.id === q);
    return HttpResponse.json<PlayerPage>({ items, total: items.length, offset: Number(url.searchParams.get('offset') ?? 0), limit: Number(url.searchParams.get('limit') ?? 50) });
  }),
  // A player: no staff role.
  http.get('/api/admin/roles', () => HttpResponse.json<StaffRolesResponse>({ roles: [] })),
  // No withdrawal in review carries a risk unless a test says so.
  http.get('/api/admin/withdraw-risk', () => HttpResponse.json([])),
  // A player with no history in the 360 view unless a test says so.
  http.get('/api/admin/players/:id/overview', () => HttpResponse.json(playerOverview())),
  http.get('/api/players/brand', () => HttpResponse.json(brand())),
  // No commitment of the liabilities yet unless a test says so.
  http.get('/api/liabilities', () => HttpResponse.json<LiabilityCommitmentView[]>([])),
  http.get('/api/players/liabilities/proof', () => apiError('NotFound', 404, 'No commitment of our liabilities yet.')),
];

export const server = setupServer(...handlers);

/** An error answer as the server sends it (ApiErrorBody). */
export function apiError(code: ErrorCode | string, status = 400, message = code, detail?: ApiErrorBody['detail']): Response {
  return HttpResponse.json<ApiErrorBody>({ statusCode: status, error: code, message, ...(detail ? { detail } : {}) }, { status });
}

export interface SentRequest {
  method: string;
  /** The path without `/api` and the query, e.g. `/players/withdraw`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, or undefined when there was none. */
  body: unknown;
}

/** Records every request the client sends from now until the end of the test. */
export function recordRequests(): { all: () => Promise<SentRequest[]>; to: (method: string, path: string) => Promise<SentRequest[]> } {
  const pending: Promise<SentRequest>[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    pending.push(
      request
        .clone()
        .text()
        .then((text) => ({
          method: request.method,
          path: url.pathname.replace(/^\/api/, ''),
          query: url.searchParams,
          headers: request.headers,
          body: text ? (JSON.parse(text) as unknown) : undefined,
        })),
    );
  };
  server.events.on('request:start', listener);
  const all = () => Promise.all(pending);
  return {
    all,
    to: async (method, path) => (await all()).filter((r) => r.method === method && r.path === path),
  };
}

/** The signed-in user has these staff roles (GET admin/roles). */
export function asStaff(...roles: StaffRole[]): void {
  server.use(http.get('/api/admin/roles', () => HttpResponse.json<StaffRolesResponse>({ roles })));
}
