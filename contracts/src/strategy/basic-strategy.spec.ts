import type { HandActionName as PlayerAction } from '../hand-actions';
import { H17_DAS, recommendedAction, recommendedActionFor, S17_DAS, STRATEGY_BY_LEVEL, strategyCell, strategyHandOf } from './basic-strategy';

const ALL: readonly PlayerAction[] = ['Hit', 'Stand', 'Double', 'Split'];
const NO_DOUBLE: readonly PlayerAction[] = ['Hit', 'Stand', 'Split'];
const A = 1;
const T = 10;

/** Play for two cards (values, ace 1) against an up card, everything allowed, at the base level. */
const play = (cards: number[], up: number, allowed = ALL, level = 0) => recommendedAction(strategyHandOf(cards), up, allowed, level);

describe('basic strategy, 4 decks, dealer hits soft 17, double after split (published charts)', () => {
  it.each([
    ['11 v A doubles under H17', [6, 5], A, 'Double'],
    ['11 v 10 doubles', [7, 4], T, 'Double'],
    ['10 v 9 doubles, v 10 hits', [6, 4], 9, 'Double'],
    ['9 v 2 hits, v 3 doubles', [5, 4], 2, 'Hit'],
    ['9 v 3 doubles', [5, 4], 3, 'Double'],
    ['12 v 2 hits', [T, 2], 2, 'Hit'],
    ['12 v 3 hits', [T, 2], 3, 'Hit'],
    ['12 v 4 stands', [T, 2], 4, 'Stand'],
    ['12 v 7 hits', [T, 2], 7, 'Hit'],
    ['13 v 2 stands', [T, 3], 2, 'Stand'],
    ['16 v 10 hits (no surrender)', [T, 6], T, 'Hit'],
    ['16 v 6 stands', [T, 6], 6, 'Stand'],
    ['17 v A stands (no surrender)', [T, 7], A, 'Stand'],
    ['8 v 5 hits', [5, 3], 5, 'Hit'],
    ['soft 13 v 5 doubles, v 4 hits', [A, 2], 5, 'Double'],
    ['soft 13 v 4 hits', [A, 2], 4, 'Hit'],
    ['soft 15 v 4 doubles', [A, 4], 4, 'Double'],
    ['soft 17 v 2 hits, v 3 doubles', [A, 6], 2, 'Hit'],
    ['soft 17 v 3 doubles', [A, 6], 3, 'Double'],
    ['soft 18 v 2 doubles under H17 (Ds)', [A, 7], 2, 'Double'],
    ['soft 18 v 7 stands', [A, 7], 7, 'Stand'],
    ['soft 18 v 9 hits', [A, 7], 9, 'Hit'],
    ['soft 18 v A hits', [A, 7], A, 'Hit'],
    ['soft 19 v 6 doubles under H17 (Ds)', [A, 8], 6, 'Double'],
    ['soft 19 v 5 stands', [A, 8], 5, 'Stand'],
    ['soft 20 v 6 stands', [A, 9], 6, 'Stand'],
    ['A,A v A splits', [A, A], A, 'Split'],
    ['8,8 v A splits', [8, 8], A, 'Split'],
    ['8,8 v 10 splits', [8, 8], T, 'Split'],
    ['9,9 v 7 stands', [9, 9], 7, 'Stand'],
    ['9,9 v 8 splits', [9, 9], 8, 'Split'],
    ['9,9 v 10 stands', [9, 9], T, 'Stand'],
    ['10,10 v 6 stands', [T, T], 6, 'Stand'],
    ['5,5 v 9 doubles as a 10', [5, 5], 9, 'Double'],
    ['4,4 v 5 splits with DAS', [4, 4], 5, 'Split'],
    ['4,4 v 6 splits with DAS', [4, 4], 6, 'Split'],
    ['4,4 v 4 hits', [4, 4], 4, 'Hit'],
    ['2,2 v 2 splits with DAS', [2, 2], 2, 'Split'],
    ['2,2 v 8 hits', [2, 2], 8, 'Hit'],
    ['3,3 v 7 splits', [3, 3], 7, 'Split'],
    ['6,6 v 2 splits with DAS', [6, 6], 2, 'Split'],
    ['6,6 v 7 hits', [6, 6], 7, 'Hit'],
    ['7,7 v 7 splits, v 8 hits', [7, 7], 7, 'Split'],
    ['7,7 v 8 hits', [7, 7], 8, 'Hit'],
  ] as const)('%s', (_, cards, up, expected) => {
    expect(play([...cards], up)).toBe(expected);
  });

  it('hits where it would double but may not, and stands on a Ds cell', () => {
    expect(play([6, 5], A, NO_DOUBLE)).toBe('Hit');
    expect(play([A, 7], 2, NO_DOUBLE)).toBe('Stand');
    expect(play([A, 8], 6, NO_DOUBLE)).toBe('Stand');
  });

  it('plays a pair it may not split by its total', () => {
    expect(play([8, 8], T, ['Hit', 'Stand'])).toBe('Hit');
    expect(play([A, A], 6, ['Hit', 'Stand'])).toBe('Hit');
    expect(play([T, T], 6, ['Hit', 'Stand'])).toBe('Stand');
  });

  it('stands a split ace it may not hit', () => {
    expect(play([A, 5], 9, ['Stand', 'Double'])).toBe('Stand');
    expect(play([A, 6], 4, ['Stand', 'Double'])).toBe('Double');
  });

  it('never takes insurance or even money', () => {
    expect(play([T, 9], A, ['Insurance', 'NoInsurance'])).toBe('NoInsurance');
    expect(play([A, T], A, ['EvenMoney', 'NoEvenMoney'])).toBe('NoEvenMoney');
  });

  it('reads multi-card hands by total: 3 cards of 16 v 10 hit, soft 18 of three cards v 2 doubles when allowed', () => {
    expect(play([5, 5, 6], T)).toBe('Hit');
    expect(play([A, 3, 4], 2)).toBe('Double');
    expect(play([A, 3, 4], 2, ['Hit', 'Stand'])).toBe('Stand');
  });

  it('uses the H17 chart at every level (all levels keep H17)', () => {
    expect(STRATEGY_BY_LEVEL.every((t) => t === H17_DAS)).toBe(true);
  });

  it('shows its cells as the chart does', () => {
    expect(strategyCell(H17_DAS, 'soft', 18, 2)).toBe('Ds');
    expect(strategyCell(H17_DAS, 'pairs', 9, 7)).toBe('-');
    expect(strategyCell(H17_DAS, 'hard', 11, A)).toBe('D');
  });
});

describe('basic strategy when the dealer stands on soft 17 (S17 chart, for custom rules)', () => {
  it.each([
    ['11 v A hits', [6, 5], A, 'Hit'],
    ['soft 18 v 2 stands', [A, 7], 2, 'Stand'],
    ['soft 19 v 6 stands', [A, 8], 6, 'Stand'],
    ['soft 18 v 3 doubles', [A, 7], 3, 'Double'],
  ] as const)('%s', (_, cards, up, expected) => {
    expect(recommendedActionFor(strategyHandOf([...cards]), up, ALL, S17_DAS)).toBe(expected);
  });
});
