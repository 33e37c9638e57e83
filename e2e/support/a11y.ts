import type { AxeResults, Result } from 'axe-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server';

/** WCAG 2.0, 2.1 and 2.2 A and AA, plus axe's best practices (landmarks, one h1, region). */
/** One rule axe found broken, with the nodes that break it. */
export type A11yViolation = Result;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING = new Set(['serious', 'critical']);

export interface A11yOptions {
  /** Named in the failure message (the screen being checked). */
  name?: string;
  /** Only this part of the page (CSS selectors), e.g. an open dialog. */
  include?: string[];
  /** Parts of the page left out, each with a reason in the caller. */
  exclude?: string[];
  /** Rules switched off for this check, each with a reason in the caller. */
  disableRules?: string[];
  /**
   * The solid colour the contrast rule is repeated over (see below); `null` skips that pass.
   * Default: #0b3523, a shade lighter than the lightest part of the page's own gradient.
   */
  contrastBackground?: string | null;
}

/** A shade lighter than the lightest part of the body's felt gradient: text that passes here passes on the page. */
const CONTRAST_BACKGROUND = '#0b3523';

/** One line per failing node: rule, impact, what to fix and where. */
export function describeViolations(violations: A11yViolation[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `  [${v.impact}] ${v.id}: ${v.help}\n` +
          `    at ${node.target.join(' ')}\n` +
          `    ${node.html.replace(/\s+/g, ' ').slice(0, 200)}\n` +
          (node.failureSummary ? `    ${node.failureSummary.replace(/\n\s*/g, ' | ')}\n` : ''),
      ),
    )
    .join('');
}

/** axe-core's own build (from node_modules: nothing is downloaded), read once per test file. */
let axeSource: string | undefined;
const source = (): string => (axeSource ??= readFileSync(join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));

/**
 * Runs axe on the page as it is now: `only` some rules, or the WCAG and best-practice tags with `off` rules
 * switched off. axe is put into the document the first time only (an in-app navigation keeps it): loading its
 * half a megabyte of script again for every check was a good part of each check's time.
 */
async function runAxe(page: Page, options: A11yOptions, rules: { only?: string[]; off?: string[] }): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source());
  const exclude = (options.exclude ?? []).map((selector) => [selector]);
  const context = options.include?.length ? { include: options.include.map((selector) => [selector]), exclude } : { exclude };
  const runOptions = rules.only
    ? { runOnly: { type: 'rule', values: rules.only } }
    : { runOnly: { type: 'tag', values: TAGS }, rules: Object.fromEntries((rules.off ?? []).map((id) => [id, { enabled: false }])) };
  return page.evaluate(
    // Violations only: the passes and the incomplete ones are not read.
    ([context, runOptions]) => (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(context, { ...runOptions, reporter: 'v1', resultTypes: ['violations'] }),
    [context, runOptions] as const,
  );
}

/**
 * Runs axe-core on the page as it is now; resolves with the serious and critical violations.
 *
 * axe cannot measure text over a gradient (it reports it as "incomplete"), and the page sits on one, so
 * the colour-contrast rule runs over the page with the body's gradient replaced by a solid colour: every text
 * it could measure over the gradient (over a panel's own colour) it measures there too, and the text straight
 * on the body as well. With no such colour (`contrastBackground: null`) it runs over the page as it is.
 */
export async function seriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<A11yViolation[]> {
  const background = options.contrastBackground === undefined ? CONTRAST_BACKGROUND : options.contrastBackground;
  const contrastOn = !options.disableRules?.includes('color-contrast');
  const flatContrast = Boolean(background) && contrastOn;
  const off = [...(options.disableRules ?? []), ...(flatContrast ? ['color-contrast'] : [])];
  const results = await runAxe(page, options, { off });
  const violations = results.violations.filter((v) => v.impact && FAILING.has(v.impact));
  if (flatContrast) {
    const flat = await page.addStyleTag({ content: `body { background-image: none !important; background-color: ${background} !important; }` });
    try {
      const contrast = await runAxe(page, options, { only: ['color-contrast'] });
      violations.push(...contrast.violations.filter((v) => v.impact && FAILING.has(v.impact)));
    } finally {
      await flat.evaluate((el) => el.parentNode?.removeChild(el));
    }
  }
  return violations;
}

/**
 * Fails with a readable list when axe finds a serious or critical violation on the page as it is now.
 * Call it once the screen has rendered what it is for (data loaded, dialog open, menu expanded).
 */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  const violations = await seriousA11yViolations(page, options);
  if (violations.length > 0) {
    const where = options.name ?? new URL(page.url()).pathname;
    throw new Error(`Accessibility violations on ${where} (${violations.length} rule(s)):\n${describeViolations(violations)}`);
  }
}
