import type { ValidationIssue } from './errors';

/**
 * Characters no text of ours may hold: C0 controls, DEL and C1 controls. PostgreSQL refuses a NUL in
 * text (the request would end in a 500), and the others are invisible in every screen that shows them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, less tab, line feed and carriage return, where text may span lines (a brand's drawing). */
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** How a refused character is named to the sender: its code point, and what it is when that helps. */
function describe(text: string, multiLine: boolean): string | null {
  const bad = (multiLine ? MULTI_LINE : SINGLE_LINE).exec(text);
  if (bad) {
    const code = `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    return `must not contain control characters (found ${code}${bad[0] === '\u0000' ? ', a NUL byte' : ''})`;
  }
  // A lone surrogate is not text at all: UTF-8 cannot carry it, so it would be stored changed.
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone UTF-16 surrogate (not a character)';
  return null;
}

/**
 * A string inside `value` (walked without recursion, keys included) that holds a character
 * no text may hold, as a validation issue naming the field (`id`, `hands.0.name`); null when all are clean.
 * `multiLine` lets tab and line breaks through (request bodies); query strings, path parameters and
 * identity data allow none.
 */
export function findControlCharacter(value: unknown, options: { multiLine: boolean; prefix?: string }): ValidationIssue | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: options.prefix ?? '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = describe(v, options.multiLine);
      if (problem) return { path: path || '(body)', message: problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: join(path, String(i)) });
    } else if (v !== null && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v)) {
        const problem = describe(key, false);
        if (problem) return { path: join(path, JSON.stringify(key)), message: `field name ${problem}` };
        stack.push({ value: inner, path: join(path, key) });
      }
    }
  }
  return null;
}
