import { describe, expect, it } from '@jest/globals';
import { BASE_RULES, LEVEL_RULES } from '@bahati/contracts';
import { fold } from '../../domain/decider';
import { decide } from '../../domain/hand/decide';
import { evolve, type HandState, initialState } from '../../domain/hand/hand';
import { handStateFromStored, storedHandState } from './stored-state';

const row = { id: 'd0000000-0000-4000-8000-000000000001', shoe_id: 'c0000000-0000-4000-8000-000000000001' };
const cards = [9, 20, 5, 40, 3, 30, 7, 8, 9, 10];

/** A hand dealt and stood on, settled. */
function settledHand(level: number, rules?: typeof BASE_RULES): HandState {
  let state = initialState();
  for (const command of [
    { type: 'Deal' as const, data: { handId: row.id, shoeId: row.shoe_id, bet: 1000, bank: 100_000, cards, firstPosition: 0, level, rules } },
    { type: 'Stand' as const, data: { bank: 99_000, cards } },
  ]) state = fold(evolve, state, decide(command, state));
  return state;
}

describe("a hands row's state", () => {
  it('is stored without what the row and the level give, and reads back as the hand engine left it', () => {
    for (let level = 0; level < LEVEL_RULES.length; level++) {
      const state = settledHand(level);
      const stored = storedHandState(state) as Record<string, unknown>;
      expect(stored).not.toHaveProperty('handId');
      expect(stored).not.toHaveProperty('shoeId');
      expect(stored).not.toHaveProperty('rules');
      expect(stored.settlement).not.toHaveProperty('handId');
      expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(state).length * 0.75);
      expect(handStateFromStored(JSON.parse(JSON.stringify(stored)), row)).toEqual(state);
    }
  });

  it('keeps rules that are not its level’s', () => {
    const rules = { ...BASE_RULES, dealerHitsSoft17: !BASE_RULES.dealerHitsSoft17, charlie: 5 };
    const state = settledHand(0, rules);
    expect(storedHandState(state)).toMatchObject({ rules });
    expect(handStateFromStored(JSON.parse(JSON.stringify(storedHandState(state))), row)).toEqual(state);
  });

  it('reads a state stored whole (by the version before) as it is', () => {
    const state = settledHand(2);
    expect(handStateFromStored(JSON.parse(JSON.stringify(state)), row)).toEqual(state);
  });
});
