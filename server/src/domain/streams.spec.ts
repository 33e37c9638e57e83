import { streamOwner } from './streams';

describe('the owner of a stream', () => {
  it('is the id after the category of the stream, for the categories that name one', () => {
    expect(streamOwner('account-3f0c2a5e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', 'account')).toBe('3f0c2a5e-1b2c-4d3e-8f9a-0b1c2d3e4f5a');
    expect(streamOwner('player-p1', 'player')).toBe('p1');
    expect(streamOwner('brand-bahati', 'brand')).toBe('bahati');
    expect(streamOwner('brand-a-b', 'brand')).toBe('a-b');
  });

  it('is undefined for a stream of another category, an empty id, or an id across lines', () => {
    expect(streamOwner('player-p1', 'account')).toBeUndefined();
    expect(streamOwner('phone-+12015550123', 'player')).toBeUndefined();
    expect(streamOwner('account-', 'account')).toBeUndefined();
    expect(streamOwner('accounts-x', 'account')).toBeUndefined();
    expect(streamOwner('account-a\nb', 'account')).toBeUndefined();
    expect(streamOwner('bitcoin-addresses', 'account')).toBeUndefined();
  });
});
