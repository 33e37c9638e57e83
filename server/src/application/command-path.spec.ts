import { DomainError } from '../domain/decider';
import { playerDecider, playerStream } from '../domain/player/player';
import { CommandPath } from './command-path';
import { InMemoryEventStore } from './in-memory-event-store.test-support';

const ctx = { correlationId: 'req-1', userId: 'p1' };
const signIn = (photoUrl: string | null = null) => ({
  type: 'SignIn' as const, playerId: 'p1', subject: 'dev:ana@example.com', email: 'ana@example.com', name: 'Ana', photoUrl, now: '2026-01-01T00:00:00.000Z',
});

describe('the generic command path', () => {
  it('appends what the decider decides, with metadata, expecting a new stream', async () => {
    const store = new InMemoryEventStore();
    const out = await new CommandPath(store).handle(playerStream('p1'), playerDecider, signIn(), ctx);
    expect(out.events.map((e) => e.type)).toEqual(['PlayerRegistered']);
    expect(out.state.registered).toBe(true);
    expect(out.revision).toBe(0);
    expect(store.all[0]!.metadata).toMatchObject({ correlationId: 'req-1', userId: 'p1' });
    expect(store.all[0]!.metadata.causationId).toEqual(expect.any(String));
  });

  it('folds the existing stream before deciding, so a second sign-in registers nobody twice', async () => {
    const store = new InMemoryEventStore();
    const path = new CommandPath(store);
    await path.handle(playerStream('p1'), playerDecider, signIn(), ctx);
    const again = await path.handle(playerStream('p1'), playerDecider, signIn(), ctx);
    expect(again.events).toEqual([]);
    expect(store.all).toHaveLength(1);
    expect(store.appendCalls).toBe(1);
  });

  it('retries from a fresh read when another writer got there first', async () => {
    const store = new InMemoryEventStore();
    store.conflictsToInject = 2;
    const out = await new CommandPath(store).handle(playerStream('p1'), playerDecider, signIn(), ctx);
    expect(out.events).toHaveLength(1);
    expect(store.appendCalls).toBe(3);
    expect(store.all).toHaveLength(1);
  });

  it('gives up after a bounded number of conflicts and writes nothing', async () => {
    const store = new InMemoryEventStore();
    store.conflictsToInject = 10;
    await expect(new CommandPath(store, { maxAttempts: 3 }).handle(playerStream('p1'), playerDecider, signIn(), ctx)).rejects.toThrow(/expected revision/);
    expect(store.appendCalls).toBe(3);
    expect(store.all).toHaveLength(0);
  });

  it('lets a domain error through and appends nothing', async () => {
    const store = new InMemoryEventStore();
    const path = new CommandPath(store);
    await path.handle(playerStream('p1'), playerDecider, signIn(), ctx);
    await expect(path.handle(playerStream('p1'), playerDecider, { ...signIn(), email: 'eve@example.com' }, ctx)).rejects.toBeInstanceOf(DomainError);
    expect(store.all).toHaveLength(1);
  });

  it('tells the projection runner about each append', async () => {
    const seen: string[] = [];
    const path = new CommandPath(new InMemoryEventStore(), { onAppended: (c) => seen.push(c) });
    await path.handle(playerStream('p1'), playerDecider, signIn(), ctx);
    await path.handle(playerStream('p1'), playerDecider, signIn('https://example.com/a.png'), ctx);
    expect(seen).toHaveLength(2);
  });

  describe('with a state remembered in memory', () => {
    /** A load hook that answers the remembered state without reading unless asked for a fresh one. */
    function remembering(path: CommandPath, remembered: { state: ReturnType<typeof playerDecider.initialState>; revision: number | null }) {
      const calls: boolean[] = [];
      const load = async (streamId: string, { fresh }: { fresh: boolean }) => {
        calls.push(fresh);
        return fresh ? path.load(streamId, playerDecider) : { ...remembered, remembered: true };
      };
      return { load, calls };
    }

    it('appends without reading when the remembered state is current', async () => {
      const store = new InMemoryEventStore();
      const path = new CommandPath(store);
      const first = await path.handle(playerStream('p1'), playerDecider, signIn(), ctx);
      const { load, calls } = remembering(path, first);
      const out = await path.handle(playerStream('p1'), playerDecider, signIn('https://example.com/a.png'), ctx, { load });
      expect(out.events.map((e) => e.type)).toEqual(['PlayerPhotoChanged']);
      expect(calls).toEqual([false]);
    });

    it('decides again on a fresh read when the stream moved past the remembered state', async () => {
      const store = new InMemoryEventStore();
      const path = new CommandPath(store);
      const first = await path.handle(playerStream('p1'), playerDecider, signIn(), ctx);
      await path.handle(playerStream('p1'), playerDecider, signIn('https://example.com/a.png'), ctx);
      const { load, calls } = remembering(path, first);
      const out = await path.handle(playerStream('p1'), playerDecider, signIn('https://example.com/b.png'), ctx, { load });
      expect(calls).toEqual([false, true]);
      expect(out.revision).toBe(2);
      expect(store.all.map((e) => e.type)).toEqual(['PlayerRegistered', 'PlayerPhotoChanged', 'PlayerPhotoChanged']);
    });

    it('answers a refusal or "nothing to do" only after checking it against the stream', async () => {
      const store = new InMemoryEventStore();
      const path = new CommandPath(store);
      const { load, calls } = remembering(path, { state: playerDecider.initialState(), revision: null });
      await path.handle(playerStream('p1'), playerDecider, signIn(), ctx);
      // Remembered: not registered, so "confirm a phone" is refused; the stream says the same, so it is.
      await expect(path.handle(playerStream('p1'), playerDecider, { type: 'ConfirmPhone', now: '2026-01-01T00:00:00.000Z' }, ctx, { load })).rejects.toBeInstanceOf(DomainError);
      expect(calls).toEqual([false, true]);
    });

    it('decides on what the command depends on, and again on a fresh read of it when its stream moved', async () => {
      const store = new InMemoryEventStore();
      const path = new CommandPath(store);
      await path.handle(playerStream('other'), playerDecider, { ...signIn(), playerId: 'other' }, ctx);
      const reads: boolean[] = [];
      const outcome = await path.handle(playerStream('p1'), playerDecider, (_state, photoUrl: string) => ({ ...signIn(), photoUrl }), ctx, {
        depends: async ({ fresh }) => {
          reads.push(fresh);
          // Remembered from before the other stream's first event: the append's condition refuses it once.
          return { value: fresh ? 'https://img.example/new.png' : 'https://img.example/old.png', condition: { streamId: playerStream('other'), revision: fresh ? 0 : 'no_stream' } };
        },
      });
      expect(reads).toEqual([false, true]);
      expect(outcome.revision).toBe(0);
      expect(outcome.events).toMatchObject([{ type: 'PlayerRegistered', data: { photoUrl: 'https://img.example/new.png' } }]);
      expect(store.appendCalls).toBe(3);
    });

    it('gives the conflict up after its attempts when the dependency keeps moving', async () => {
      const store = new InMemoryEventStore();
      const path = new CommandPath(store, { maxAttempts: 3 });
      await path.handle(playerStream('other'), playerDecider, { ...signIn(), playerId: 'other' }, ctx);
      const moved = await path
        .handle(playerStream('p1'), playerDecider, signIn(), ctx, { depends: async () => ({ value: undefined, condition: { streamId: playerStream('other'), revision: 'no_stream' } }) })
        .catch((e: unknown) => e);
      expect(moved).toMatchObject({ streamId: playerStream('other') });
      expect(store.appendCalls).toBe(4);
      expect(store.all).toHaveLength(1);
    });
  });

  it('queues commands on one stream in one process, so a burst never runs out of retries', async () => {
    const store = new InMemoryEventStore();
    const path = new CommandPath(store);
    await path.handle(playerStream('p1'), playerDecider, signIn(), ctx);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, level) => path.handle(playerStream('p1'), playerDecider, { type: 'SetSuspectLevel' as const, level, from: null, adminId: 'a', reason: 'race test', now: '2026-01-01T00:00:00.000Z' }, ctx)),
    );
    expect(burst.map((o) => o.revision)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(store.appendCalls).toBe(21);
    expect(path.busyStreams).toBe(0);
  });
});
