import { fold } from '../decider';
import { DeciderSpecification, type DeciderThen } from '../decider.test-support';
import { cardId, SUITS } from '@bahati/contracts';
import { type ActionData, allowedActions, decide, handDecider, type HandCommand, type PlayerAction } from './decide';
import { cardsDealtBy, evolve, type HandEvent, type HandSettlement, type HandState, initialState } from './hand';
import type { HandRules } from '@bahati/contracts';
import type { Hand } from '@bahati/contracts';
import { bankDelta } from '../account/account';
import { handView } from '../account/game-view';

const RANKS: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13, T: 10 };

/**
 * A shoe in dealing order from ranks: "A K 9 7" deals the player an ace, the dealer a king up,
 * the player a nine, the dealer a seven in the hole. Suits and decks rotate so ids stay distinct.
 */
export function shoe(ranks: string): number[] {
  return ranks
    .trim()
    .split(/\s+/)
    .map((r, i) => cardId(RANKS[r.toUpperCase()] ?? Number(r), SUITS[i % 4], Math.floor(i / 4) % 4));
}

export interface DealOverrides {
  bet?: number;
  bank?: number;
  handId?: string;
  firstPosition?: number;
}

export interface TableOptions {
  bank?: number;
  level?: number;
  rules?: HandRules;
  firstPosition?: number;
}

/**
 * One player at a table: sends commands through decide + evolve and keeps the bank the way
 * the account will, from the amounts the events carry.
 */
export class Table {
  state: HandState = initialState();
  readonly history: HandEvent[] = [];
  last: HandEvent[] = [];
  bank: number;
  readonly cards: number[];
  private readonly level: number;
  private readonly rules?: HandRules;
  private position: number;

  constructor(cards: number[] | string, options: TableOptions = {}) {
    this.cards = typeof cards === 'string' ? shoe(cards) : cards;
    this.bank = options.bank ?? 1_000_000;
    this.level = options.level ?? 0;
    this.rules = options.rules;
    this.position = options.firstPosition ?? 0;
  }

  deal(bet = 1000, overrides: DealOverrides = {}): HandEvent[] {
    return this.run(this.command('Deal', { bet, ...overrides }));
  }

  act(action: PlayerAction, data: Partial<ActionData> = {}): HandEvent[] {
    return this.run(this.command(action, data));
  }
  hit = () => this.act('Hit');
  stand = () => this.act('Stand');
  double = () => this.act('Double');
  split = () => this.act('Split');
  insurance = () => this.act('Insurance');
  noInsurance = () => this.act('NoInsurance');
  evenMoney = () => this.act('EvenMoney');
  noEvenMoney = () => this.act('NoEvenMoney');

  /** The command this table sends for `action`: the bank it holds now and its shoe, unless overridden. */
  command(action: PlayerAction | 'Deal', over: DealOverrides & Partial<ActionData> = {}): HandCommand {
    const bank = over.bank ?? this.bank;
    if (action !== 'Deal') return { type: action, data: { bank, cards: over.cards ?? this.cards } } as HandCommand;
    return {
      type: 'Deal',
      data: {
        handId: over.handId ?? `hand-${this.history.length}`,
        shoeId: 'shoe-1',
        bet: over.bet ?? 1000,
        bank,
        cards: this.cards,
        firstPosition: over.firstPosition ?? this.position,
        level: this.level,
        rules: this.rules,
      },
    };
  }

  run(command: HandCommand): HandEvent[] {
    return this.record(decide(command, this.state));
  }

  /** Applies events the hand decided: the state, the bank, the history and the next hand's first position. */
  record(events: HandEvent[]): HandEvent[] {
    this.state = fold(evolve, this.state, events);
    for (const e of events) this.bank += bankDelta(e);
    this.history.push(...events);
    this.last = events;
    if (this.state.settlement !== null && this.state.phase === 'Settled') this.position = this.state.settlement.nextPosition;
    return events;
  }

  allowed(): readonly PlayerAction[] {
    return allowedActions(this.state, this.bank);
  }
  /** What the table shows of the hand now (the live view the API answers). */
  view(): Hand {
    return handView(this.state, { handId: this.state.handId, shoeId: this.state.shoeId, handNumber: 1, openedAt: '2026-01-01T00:00:00.000Z' }, this.bank);
  }
  get settlement(): HandSettlement {
    if (this.state.settlement === null) throw new Error(`hand not settled (phase ${this.state.phase})`);
    return this.state.settlement;
  }
  /** Types of the events of the last command, in order. */
  lastTypes(): string[] {
    return this.last.map((e) => e.type);
  }
  /** Where every card of the last command went: to whom, which hand, which shoe position. */
  dealt(): { to: string; handIndex: number; position: number }[] {
    return this.last.flatMap(cardsDealtBy).map((c) => ({ to: c.to, handIndex: c.handIndex, position: c.position }));
  }
}

export { domainErrorOf } from '../decider.test-support';

const givenHand = DeciderSpecification.for(handDecider);

/** The shared checks, with `then`'s function also handed the table once it has recorded the decided events. */
export type HandThen = Omit<DeciderThen<HandCommand, HandState, HandEvent>, 'then'> & {
  then(expected: readonly HandEvent[] | ((events: HandEvent[], state: HandState, table: Table) => void)): void;
};

/**
 * given(cards, options, …actions).when(action).then(…)/thenThrows(code)/thenNothingHappened(): the shared
 * DeciderSpecification on a crafted shoe. `given` deals (options.bet, 1000 by default) and plays `actions` on a
 * new Table; given(table) starts from a table as it stands (not dealt, or mid-hand). `when` sends the command the
 * table would send, with its bank and shoe unless `over` says otherwise.
 */
export function given(cards: string | Table, options: TableOptions & { bet?: number } = {}, ...actions: PlayerAction[]) {
  let table: Table;
  if (typeof cards === 'string') {
    table = new Table(cards, options);
    table.deal(options.bet ?? 1000);
    for (const a of actions) table.act(a);
  } else table = cards;
  return {
    table,
    when(action: PlayerAction | 'Deal', over: DealOverrides & Partial<ActionData> = {}): HandThen {
      const spec = givenHand(table.history).when(table.command(action, { bet: options.bet, ...over }));
      return {
        ...spec,
        then(expected) {
          if (typeof expected !== 'function') return spec.then(expected);
          spec.then((events, state) => {
            table.record(events);
            expected(events, state, table);
          });
        },
      };
    },
  };
}
