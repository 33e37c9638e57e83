import { expect } from '@jest/globals';
import { type Decider, type DomainEvent, DomainError, fold } from './decider';

/**
 * given / when / then for any decider, after emmett's `DeciderSpecification.for`:
 *
 *   const given = DeciderSpecification.for(accountDecider);
 *   given([deposited]).when(requestWithdrawal).then([{ type: 'WithdrawalRequested', data: { … } }]);
 *   given([deposited]).when(tooMuch).thenThrows('BankTooLow');          // the DomainError's code
 *   given([requested]).when(sameAgain).thenNothingHappened();            // decide returned []
 *   given([]).when(a).when(b).then((events, state) => { … });            // b decided after a's events
 *
 * `given` folds the events into the decider's initial state; each `when` decides a command against the
 * state so far (a chain of `when`s applies every earlier command's events first); `then…` checks what
 * the last command decided. Commands and events are typed by the decider.
 */
export interface DeciderThen<Command, State, Event> {
  /** Decides `next` against the state after this command's events: the `then…` checks `next`. */
  when(next: Command): DeciderThen<Command, State, Event>;
  /** With a list: the decided events equal it (toEqual). With a function: it asserts on them and the state after them. */
  then(expected: readonly Event[] | ((events: Event[], state: State) => void)): void;
  /** The command is refused with a DomainError of `code` (and, if given, a message containing or matching `message`). */
  thenThrows(code: string, message?: string | RegExp): void;
  /** The command is accepted and changes nothing: decide returned no event. */
  thenNothingHappened(): void;
  /** The events the command decided, for a test that inspects them itself. */
  events(): Event[];
  /** The state after the given events and every decided one. */
  state(): State;
}

export interface DeciderGiven<Command, State, Event> {
  when(command: Command): DeciderThen<Command, State, Event>;
  /** The state the given events fold to, before any command. */
  state(): State;
}

/** Runs `decide` and returns the DomainError it threw, failing the test if it threw nothing (or something else). */
export function domainErrorOf(decide: () => unknown): DomainError {
  let decided: unknown;
  try {
    decided = decide();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error(`expected a DomainError, but the command was accepted: ${JSON.stringify(decided)}`);
}

export const DeciderSpecification = {
  for<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>) {
    const then = (before: () => State, command: Command): DeciderThen<Command, State, Event> => {
      const events = () => decider.decide(command, before());
      const decided = () => {
        const state = before();
        const events = decider.decide(command, state);
        return { events, state: fold(decider.evolve, state, events) };
      };
      return {
        when: (next) => then(() => decided().state, next),
        then(expected) {
          const { events, state } = decided();
          if (typeof expected === 'function') expected(events, state);
          else expect(events).toEqual(expected);
        },
        thenThrows(code, message) {
          const error = domainErrorOf(events);
          const matches = message === undefined ? error.message : typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message);
          expect({ code: error.code, message: error.message }).toEqual({ code, message: matches });
        },
        thenNothingHappened: () => expect(events()).toEqual([]),
        events,
        state: () => decided().state,
      };
    };
    return (events: readonly Event[] = []): DeciderGiven<Command, State, Event> => {
      const before = () => fold(decider.evolve, decider.initialState(), events);
      return { when: (command) => then(before, command), state: before };
    };
  },
};
