import { InMemoryEventStore } from './in-memory-event-store.test-support';
import type { SubscribeOptions } from './ports/event-store';
import { UpcastingEventStore } from './upcasting-event-store';

const v1 = { playerId: 'p1', level: 40, adminId: 'a1', setAt: '2026-01-01T00:00:00.000Z' };

describe('the event store read through the upcasters', () => {
  it('reads an event stored in an older shape in the current one, wherever it is read, and never changes what is stored', async () => {
    const stored = new InMemoryEventStore();
    await stored.appendToStream('player-p1', [{ id: '00000000-0000-4000-8000-000000000001', type: 'SuspectLevelSet', data: v1, metadata: { correlationId: 'c' } }]);
    const store = new UpcastingEventStore(stored);

    const [fromStream] = await store.readStream('player-p1');
    expect(fromStream).toMatchObject({ data: { ...v1, from: null }, metadata: { eventVersion: 2 } });
    const { events } = await store.readAll();
    expect(events[0]).toMatchObject({ data: { ...v1, from: null } });
    // A subscription delivers in the current shape too.
    const delivered: unknown[] = [];
    const feeding = Object.assign(Object.create(stored) as InMemoryEventStore, {
      subscribeToAll: (options: SubscribeOptions) => {
        for (const e of stored.all) void options.onEvent(e);
        return { stop: async () => undefined };
      },
    });
    await new UpcastingEventStore(feeding).subscribeToAll({ onEvent: (e) => void delivered.push(e.data) }).stop();
    expect(delivered).toEqual([{ ...v1, from: null }]);

    expect((await stored.readStream('player-p1'))[0]!.data).toEqual(v1);
  });

  it('writes the current version into each new event of a type that has one', async () => {
    const stored = new InMemoryEventStore();
    const store = new UpcastingEventStore(stored);
    await store.appendToStream('player-p1', [
      { id: '00000000-0000-4000-8000-000000000002', type: 'SuspectLevelSet', data: { ...v1, from: 12 }, metadata: { correlationId: 'c' } },
      { id: '00000000-0000-4000-8000-000000000003', type: 'PlayerBanned', data: { playerId: 'p1', adminId: 'a1', bannedAt: 't' }, metadata: { correlationId: 'c' } },
    ]);
    const [level, ban] = await stored.readStream('player-p1');
    expect(level!.metadata.eventVersion).toBe(2);
    expect(ban!.metadata.eventVersion).toBeUndefined();
    expect((await store.readStream('player-p1'))[0]!.data).toEqual({ ...v1, from: 12 });
  });
});
