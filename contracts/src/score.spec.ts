import { bestScore, displayScore } from './score';

describe('the score of a hand', () => {
  it('counts one ace as 11 when that does not bust', () => {
    expect(bestScore(7, true)).toBe(17);
    expect(bestScore(11, true)).toBe(21);
    expect(bestScore(12, true)).toBe(12);
    expect(bestScore(15, false)).toBe(15);
  });

  it('shows both totals of a soft hand while it is in play, the best otherwise, Bust above 21', () => {
    expect(displayScore(7, true, true)).toBe('7/17');
    expect(displayScore(11, true, true)).toBe('21');
    expect(displayScore(12, true, true)).toBe('12');
    expect(displayScore(15, false, true)).toBe('15');
    expect(displayScore(22, false, false)).toBe('Bust');
    expect(displayScore(7, true, false)).toBe('17');
  });
});
