import { DEFAULT_BRAND_TAGLINE } from '@bahati/contracts';
import { describe, expect, it } from 'vitest';
import { localizedTaglineSvg } from './localized-tagline';

const drawn = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="48"><text x="1" y="24" letter-spacing="0.25">Bahati</text><text x="1" y="41" font-size="10.9" letter-spacing="1.75">${DEFAULT_BRAND_TAGLINE}</text></svg>`;

describe("the default brand's tagline", () => {
  it("is written in the player's language, in capitals where the script has them", () => {
    expect(localizedTaglineSvg(drawn, 'Bewijsbaar eerlijk', 'nl')).toContain('>BEWIJSBAAR EERLIJK</text>');
    expect(localizedTaglineSvg(drawn, 'Blackjack demostrablemente justo', 'es')).toContain('>BLACKJACK DEMOSTRABLEMENTE JUSTO</text>');
    expect(localizedTaglineSvg(drawn, 'بلاك جاك بعدالة قابلة للإثبات', 'ar')).toContain('>بلاك جاك بعدالة قابلة للإثبات</text>');
    expect(localizedTaglineSvg(drawn, 'Bewijsbaar eerlijk', 'nl')).not.toContain(DEFAULT_BRAND_TAGLINE);
  });

  it('keeps the letters of a joined script together, and spaces capitals', () => {
    expect(localizedTaglineSvg(drawn, 'بلاك جاك بعدالة قابلة للإثبات', 'ar')).toContain('letter-spacing="0">بلاك');
    expect(localizedTaglineSvg(drawn, 'Nachweisbar faires Blackjack', 'de')).toContain('letter-spacing="1.75"');
    expect(localizedTaglineSvg(drawn, 'بلاك جاك بعدالة قابلة للإثبات', 'ar')).toContain('<text x="1" y="24" letter-spacing="0.25">Bahati');
  });

  it('fits a longer tagline to the drawing and escapes what XML reserves', () => {
    const long = localizedTaglineSvg(drawn, 'Blackjack demostrablemente justo', 'es');
    expect(long).toContain('textLength="298" lengthAdjust="spacingAndGlyphs">');
    expect(localizedTaglineSvg(drawn, 'Fair & <square>', 'en')).toContain('>FAIR &amp; &lt;SQUARE&gt;</text>');
    expect(localizedTaglineSvg(drawn, '공정한 블랙잭', 'ko')).not.toContain('textLength');
  });

  it("leaves an admin's own drawing and the English one as they are", () => {
    const own = '<svg xmlns="http://www.w3.org/2000/svg"><text>ROYAL TABLES</text></svg>';
    expect(localizedTaglineSvg(own, 'Nachweisbar faires Blackjack', 'de')).toBe(own);
    expect(localizedTaglineSvg(drawn, 'Provably fair blackjack', 'en')).toBe(drawn);
  });
});
