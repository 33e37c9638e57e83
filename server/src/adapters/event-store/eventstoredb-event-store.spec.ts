import { describe, expect, it } from '@jest/globals';
import { ANY, NO_STREAM, STREAM_EXISTS } from '@eventstore/db-client';
import { compareCheckpoints } from '../../application/ports/event-store';
import { EventStoreDbEventStore, formatCheckpoint, parseCheckpoint, toEsdbExpected } from './eventstoredb-event-store';

describe('EventStoreDB adapter mappings', () => {
  it('maps every expected-revision kind to the client constant', () => {
    expect(toEsdbExpected('s', 'no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpected('s', 'stream_exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpected('s', 'any')).toBe(ANY);
    expect(toEsdbExpected('s', 7)).toBe(7n);
    expect(() => toEsdbExpected('s', -1)).toThrow('non-negative integer');
  });

  it('writes positions as "<commit>:<prepare>" and reads them back', () => {
    const position = { commit: 18446744073709551000n, prepare: 12n };
    expect(formatCheckpoint(position)).toBe('18446744073709551000:12');
    expect(parseCheckpoint(formatCheckpoint(position))).toEqual(position);
    expect(() => parseCheckpoint('12')).toThrow('Not an EventStoreDB checkpoint');
  });

  it('orders its checkpoints like the log', () => {
    expect(compareCheckpoints('100:90', '101:0')).toBeLessThan(0);
    expect(compareCheckpoints('100:90', '100:91')).toBeLessThan(0);
    expect(compareCheckpoints(null, '0:0')).toBeLessThan(0);
  });

  it('refuses malformed appends as programming errors before contacting the server', async () => {
    const store = new EventStoreDbEventStore('esdb://127.0.0.1:1?tls=false');
    const event = { id: '6f1c0a52-8a4e-4c1e-9d0a-2b7f3c9e1a11', type: 'SomethingHappened', data: {}, metadata: { correlationId: 'c' } };
    await expect(store.appendToStream('player-1', [])).rejects.toThrow(new TypeError('appendToStream(player-1): no events to append'));
    await expect(store.appendToStream('player-1', [{ ...event, id: 'nope' }])).rejects.toThrow('is not a UUID');
    await expect(store.appendToStream('player-1', [event, event])).rejects.toThrow('appears twice in one append');
    await expect(store.appendToStream('player-1', [event], { expectedRevision: -1 })).rejects.toThrow('non-negative integer');
    await store.close();
  });
});
