/**
 * The shape every aggregate in the domain follows. `decide` and `evolve` are pure:
 * time, randomness and limits arrive inside the command, never from the environment.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

export interface Decider<Command, State, Event extends DomainEvent> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** Plain values an error carries to the player (see `DomainError`). */
export type ErrorDetail = Readonly<Record<string, string | number>>;

/** A rule of the game or of the account was broken; `code` is one of the spec's error codes. */
export class DomainError<Code extends string = string> extends Error {
  /**
   * `detail`: what the player is told besides the code, as plain values (a `reason` telling two refusals of
   * one code apart, amounts in satoshis, limits, times): it leaves the API as the body's `detail`.
   */
  constructor(
    readonly code: Code,
    message?: string,
    readonly detail?: ErrorDetail,
  ) {
    super(message ?? code);
    this.name = 'DomainError';
  }
}

export function fold<State, Event>(evolve: (s: State, e: Event) => State, state: State, events: Iterable<Event>): State {
  let s = state;
  for (const e of events) s = evolve(s, e);
  return s;
}
