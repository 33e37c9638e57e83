import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2 A and AA, plus axe's best practices (landmarks, one h1, region). */
/** One rule axe found broken, with the nodes that break it. */
export type A11yViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

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

function builder(page: Page, options: A11yOptions): AxeBuilder {
  let axe = new AxeBuilder({ page });
  for (const selector of options.include ?? []) axe = axe.include(selector);
  for (const selector of options.exclude ?? []) axe = axe.exclude(selector);
  if (options.disableRules?.length) axe = axe.disableRules(options.disableRules);
  return axe;
}

/**
 * Runs axe-core (from node_modules: nothing is downloaded) on the page as it is now; resolves with the
 * serious and critical violations.
 *
 * axe cannot measure text over a gradient (it reports it as "incomplete"), and the page sits on one, so
 * the colour-contrast rule runs a second time with the body's gradient replaced by a solid colour.
 */
export async function seriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<A11yViolation[]> {
  const results = await builder(page, options).withTags(TAGS).analyze();
  const violations = results.violations.filter((v) => v.impact && FAILING.has(v.impact));
  const background = options.contrastBackground === undefined ? CONTRAST_BACKGROUND : options.contrastBackground;
  if (background && !options.disableRules?.includes('color-contrast')) {
    const flat = await page.addStyleTag({ content: `body { background-image: none !important; background-color: ${background} !important; }` });
    try {
      const contrast = await builder(page, options).withRules(['color-contrast']).analyze();
      const seen = new Set(violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`)));
      for (const v of contrast.violations) {
        const nodes = v.nodes.filter((n) => !seen.has(`${v.id} ${n.target.join(' ')}`));
        if (nodes.length && v.impact && FAILING.has(v.impact)) violations.push({ ...v, nodes });
      }
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
