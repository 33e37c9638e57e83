import { describe, expect, it } from '@jest/globals';
import { type Decider, type DomainEvent, DomainError } from './decider';
import { DeciderSpecification } from './decider.test-support';

type CounterEvent = DomainEvent<'Added', { amount: number }>;
type CounterCommand = { type: 'Add'; amount: number };
const counter: Decider<CounterCommand, number, CounterEvent> = {
  initialState: () => 0,
  decide(command, total) {
    if (command.amount < 0) throw new DomainError('Negative', `cannot add ${command.amount} to ${total}`);
    return command.amount === 0 ? [] : [{ type: 'Added', data: { amount: command.amount } }];
  },
  evolve: (total, event) => total + event.data.amount,
};
const given = DeciderSpecification.for(counter);
const added = (amount: number): CounterEvent => ({ type: 'Added', data: { amount } });

describe('DeciderSpecification', () => {
  it('checks the decided events, or the events and the state after them', () => {
    given([added(2)]).when({ type: 'Add', amount: 3 }).then([added(3)]);
    given([added(2)]).when({ type: 'Add', amount: 3 }).then((events, total) => {
      expect(events).toEqual([added(3)]);
      expect(total).toBe(5);
    });
    expect(() => given([]).when({ type: 'Add', amount: 3 }).then([added(4)])).toThrow();
  });

  it('checks a refusal by its code and, optionally, its message', () => {
    given([added(2)]).when({ type: 'Add', amount: -1 }).thenThrows('Negative');
    given([added(2)]).when({ type: 'Add', amount: -1 }).thenThrows('Negative', 'to 2');
    given([added(2)]).when({ type: 'Add', amount: -1 }).thenThrows('Negative', /^cannot add -1/);
    expect(() => given([]).when({ type: 'Add', amount: -1 }).thenThrows('Positive')).toThrow();
    expect(() => given([]).when({ type: 'Add', amount: -1 }).thenThrows('Negative', 'to 7')).toThrow();
    expect(() => given([]).when({ type: 'Add', amount: 1 }).thenThrows('Negative')).toThrow(/accepted/);
  });

  it('checks that nothing happened, and hands the events and state to a test that inspects them', () => {
    given([added(2)]).when({ type: 'Add', amount: 0 }).thenNothingHappened();
    expect(() => given([]).when({ type: 'Add', amount: 1 }).thenNothingHappened()).toThrow();
    expect(given([added(2)]).when({ type: 'Add', amount: 1 }).events()).toEqual([added(1)]);
    expect(given([added(2)]).when({ type: 'Add', amount: 1 }).state()).toBe(3);
    expect(given([added(2), added(5)]).state()).toBe(7);
    expect(given().state()).toBe(0);
  });

  it('decides a chain of commands in turn, checking the last', () => {
    given([]).when({ type: 'Add', amount: 1 }).when({ type: 'Add', amount: 2 }).then((events, total) => {
      expect(events).toEqual([added(2)]);
      expect(total).toBe(3);
    });
  });
});
