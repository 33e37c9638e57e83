import { findControlCharacter } from './text-check';

describe('findControlCharacter', () => {
  it('names the field holding a NUL, however deep', () => {
    expect(findControlCharacter({ hands: [{ name: 'ok' }, { name: 'a\u0000b' }] }, { multiLine: true })).toEqual({
      path: 'hands.1.name',
      message: 'must not contain control characters (found U+0000, a NUL byte)',
    });
  });

  it('lets tab and line breaks through only where text may span lines', () => {
    expect(findControlCharacter({ svg: '<svg>\n\t<g/>\r\n</svg>' }, { multiLine: true })).toBeNull();
    expect(findControlCharacter({ id: 'a\nb' }, { multiLine: false })?.path).toBe('id');
  });

  it('refuses DEL, C1 controls and lone surrogates, but not a character outside the BMP', () => {
    expect(findControlCharacter('a\u007f', { multiLine: true })?.message).toMatch(/U\+007F/);
    expect(findControlCharacter('a\u0085', { multiLine: true })?.message).toMatch(/U\+0085/);
    expect(findControlCharacter(['\ud800x'], { multiLine: true })?.message).toMatch(/surrogate/);
    expect(findControlCharacter(['x\udc00'], { multiLine: true })?.message).toMatch(/surrogate/);
    expect(findControlCharacter({ name: 'Bahati 🂡 Ünïcode' }, { multiLine: false })).toBeNull();
  });

  it('checks field names too', () => {
    expect(findControlCharacter({ 'a\u0000': 1 }, { multiLine: true })?.message).toMatch(/^field name/);
  });

  it('walks very deep values without running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findControlCharacter(deep, { multiLine: true })).not.toBeNull();
  });
});
