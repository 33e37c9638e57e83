import { describe, expect, it } from 'vitest';
import { languageSwitchUrl, languageToOffer, returnPathAfterSwitch, safeNextPath, unprefixedPath } from './languages';

describe('a language change keeps the page', () => {
  it('reloads to the new language’s home with the page (query and hash kept) as next', () => {
    expect(languageSwitchUrl('de', { pathname: '/sw/ledger', search: '?d=1', hash: '#top' })).toBe('/de/index.html?next=%2Fledger%3Fd%3D1%23top');
    expect(languageSwitchUrl('en', { pathname: '/sw/rules', search: '', hash: '' })).toBe('/index.html?next=%2Frules');
    expect(languageSwitchUrl('ar', { pathname: '/game', search: '', hash: '' })).toBe('/ar/index.html?next=%2Fgame');
  });

  it('reloads to the home alone from the home page', () => {
    expect(languageSwitchUrl('de', { pathname: '/sw', search: '', hash: '' })).toBe('/de/index.html');
    expect(languageSwitchUrl('fr', { pathname: '/', search: '', hash: '' })).toBe('/fr/index.html');
  });

  it('lands on the same page in the new language', () => {
    expect(returnPathAfterSwitch({ pathname: '/de/index.html', search: '?next=%2Fledger%3Fd%3D1%23top' })).toBe('/de/ledger?d=1#top');
    expect(returnPathAfterSwitch({ pathname: '/index.html', search: '?next=%2Frules' })).toBe('/rules');
    expect(returnPathAfterSwitch({ pathname: '/de/index.html', search: '' })).toBeNull();
    expect(returnPathAfterSwitch({ pathname: '/de/ledger', search: '?next=%2Fgame' })).toBeNull();
  });

  it('follows next only to a path of this app: no other site, scheme or prefix', () => {
    expect(safeNextPath('/ledger?d=1#x')).toBe('/ledger?d=1#x');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'ledger', '/sw/ledger', '/api/player', '/index.html', '/\tevil', '', null]) {
      expect(safeNextPath(bad)).toBeNull();
    }
    expect(returnPathAfterSwitch({ pathname: '/de/index.html', search: '?next=%2F%2Fevil.example' })).toBeNull();
    expect(returnPathAfterSwitch({ pathname: '/de/index.html', search: '?next=https%3A%2F%2Fevil.example' })).toBeNull();
  });

  it('strips the language prefix of a path', () => {
    expect(unprefixedPath('/sw/ledger')).toBe('/ledger');
    expect(unprefixedPath('/en/rules')).toBe('/rules');
    expect(unprefixedPath('/de')).toBe('/');
    expect(unprefixedPath('/ledger')).toBe('/ledger');
  });
});

describe('the offer of the browser’s language', () => {
  it('offers the first language the site speaks when it is not the page’s', () => {
    expect(languageToOffer('en', null, ['de-DE', 'en-US'])).toBe('de');
    expect(languageToOffer('en', null, ['xx', 'pt-BR'])).toBe('pt');
  });

  it('offers nothing to a browser in the page’s language, one the site does not speak, or a visitor who chose', () => {
    expect(languageToOffer('en', null, ['en-US'])).toBeNull();
    expect(languageToOffer('en', null, ['nl-NL'])).toBeNull();
    expect(languageToOffer('en', 'en', ['de-DE'])).toBeNull();
    expect(languageToOffer('en', 'de', ['de-DE'])).toBeNull();
  });

  it('keeps a language prefix the visitor opened without a word', () => {
    expect(languageToOffer('sw', null, ['de-DE'])).toBeNull();
    expect(languageToOffer('ar', null, ['en-US'])).toBeNull();
  });
});
