import type { EventData } from '../application/ports/event-store';

/** Player number `n` registering: the event the runner and tier specs fill their logs with (one stream per player). */
export const registered = (n: number): EventData => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'PlayerRegistered',
  data: {
    playerId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    subject: `dev:p${n}@example.com`,
    email: `p${n}@example.com`,
    name: `P${n}`,
    photoUrl: null,
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
  metadata: { correlationId: 'test' },
});
