import { HAND_ACTION_NAMES, HAND_ACTIONS } from './hand-actions';

describe('hand actions', () => {
  it('names every path segment once, in the same order', () => {
    expect(Object.keys(HAND_ACTION_NAMES)).toEqual([...HAND_ACTIONS]);
    expect(new Set(Object.values(HAND_ACTION_NAMES)).size).toBe(HAND_ACTIONS.length);
  });

  it('names each action as the hand engine does', () => {
    expect(HAND_ACTION_NAMES).toEqual({
      hit: 'Hit', stand: 'Stand', double: 'Double', split: 'Split', insurance: 'Insurance', noinsurance: 'NoInsurance', evenmoney: 'EvenMoney', noevenmoney: 'NoEvenMoney',
    });
  });
});
