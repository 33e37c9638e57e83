import { DomainError, fold } from '../decider';
import { cardId, SUITS } from '@bahati/contracts';
import { type ActionData, allowedActions, decide, type HandCommand, type PlayerAction } from './decide';
import { evolve, type HandEvent, type HandSettlement, type HandState, initialState } from './hand';
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

  deal(bet = 1000, overrides: Partial<{ bank: number; handId: string; firstPosition: number }> = {}): HandEvent[] {
    return this.run({
      type: 'Deal',
      data: {
        handId: overrides.handId ?? `hand-${this.history.length}`,
        shoeId: 'shoe-1',
        bet,
        bank: overrides.bank ?? this.bank,
        cards: this.cards,
        firstPosition: overrides.firstPosition ?? this.position,
        level: this.level,
        rules: this.rules,
      },
    });
  }

  act(action: PlayerAction, data: Partial<ActionData> = {}): HandEvent[] {
    return this.run({ type: action, data: { bank: data.bank ?? this.bank, cards: data.cards ?? this.cards } } as HandCommand);
  }
  hit = () => this.act('Hit');
  stand = () => this.act('Stand');
  double = () => this.act('Double');
  split = () => this.act('Split');
  insurance = () => this.act('Insurance');
  noInsurance = () => this.act('NoInsurance');
  evenMoney = () => this.act('EvenMoney');
  noEvenMoney = () => this.act('NoEvenMoney');

  run(command: HandCommand): HandEvent[] {
    const events = decide(command, this.state);
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
    return this.last.flatMap((e) => (e.type === 'CardDealt' ? [{ to: e.data.to, handIndex: e.data.handIndex, position: e.data.position }] : []));
  }
}


export function domainErrorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}

/** given(…commands).when(command).then(…)/thenThrows(code): emmett-style, on a crafted shoe. */
export function given(cards: string, options: TableOptions & { bet?: number } = {}, ...actions: PlayerAction[]) {
  const table = new Table(cards, options);
  table.deal(options.bet ?? 1000);
  for (const a of actions) table.act(a);
  return {
    table,
    when(action: PlayerAction | 'Deal') {
      const run = () => (action === 'Deal' ? table.deal(options.bet ?? 1000) : table.act(action));
      return {
        then(check: (t: Table, events: HandEvent[]) => void) {
          check(table, run());
        },
        thenThrows(code: string) {
          const before = table.state;
          const error = domainErrorOf(run);
          if (error.code !== code) throw new Error(`expected ${code}, got ${error.code}: ${error.message}`);
          if (table.state !== before) throw new Error('state changed although the command was refused');
        },
      };
    },
  };
}
