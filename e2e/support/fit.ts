import type { Page } from 'playwright-core';

/**
 * Everything on the page as it is now that does not fit, one line each, `where` in front:
 *   - the page scrolling sideways (the document wider than the window);
 *   - a text cut by its box: an element with text of its own in a box that clips (overflow hidden, clip,
 *     auto or scroll, or an ellipsis) and is wider than the box (or taller, when it is line-clamped), or a
 *     text that runs past the edge of the nearest box around it that clips;
 *   - the felt's printed arcs (the table's svg text on a path): the text longer than its arc (its ends would
 *     fall off it), or a result badge over one of its letters.
 */
export function misfits(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    const out: string[] = [];
    const doc = document.documentElement;
    const outside = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > doc.clientWidth + 1 || r.left < -1);
    };

    const selector = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
        const testId = e.getAttribute('data-testid');
        const cls = typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
        parts.unshift(`${e.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : cls}`);
        if (testId) break;
      }
      return parts.join('>');
    };
    if (doc.scrollWidth > doc.clientWidth + 1) {
      // Named by the innermost elements that stick out of the window.
      const clipped = (el: Element) => {
        for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) if (getComputedStyle(e).overflowX !== 'visible') return true;
        return false;
      };
      const culprits = Array.from(document.body.querySelectorAll('*')).filter((el) => outside(el) && !clipped(el) && !Array.from(el.children).some(outside));
      const named = culprits.slice(0, 3).map(selector).join(', ');
      out.push(`${where} html the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth} (${named})`);
    }
    const ownText = (el: Element) =>
      Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
    const clipsX = (s: CSSStyleDeclaration) => s.overflowX !== 'visible';
    const hidden = (el: Element) => el.closest('.visually-hidden, [hidden], [aria-hidden="true"] .visually-hidden') !== null || !el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const report = (el: Element, text: string, why: string) => out.push(`${where} ${selector(el)} "${text.slice(0, 60)}" ${why}`);

    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el instanceof SVGElement) continue;
      const text = ownText(el);
      if (!text || hidden(el)) continue;
      const style = getComputedStyle(el);
      const html = el as HTMLElement;
      // The element's own box clips its text.
      if (clipsX(style) || style.textOverflow === 'ellipsis') {
        if (html.scrollWidth > html.clientWidth + 1) report(el, text, `cut: ${html.scrollWidth} > ${html.clientWidth} px wide`);
        const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
        if (clamped && html.scrollHeight > html.clientHeight + 1) report(el, text, `cut: ${html.scrollHeight} > ${html.clientHeight} px high`);
      }
      // The text runs past the nearest box around it that clips.
      let box: Element | null = el.parentElement;
      while (box && box !== document.body && !clipsX(getComputedStyle(box))) box = box.parentElement;
      if (!box || box === document.body) continue;
      const edge = box.getBoundingClientRect();
      const boxStyle = getComputedStyle(box);
      const left = edge.left + parseFloat(boxStyle.borderLeftWidth);
      const right = edge.right - parseFloat(boxStyle.borderRightWidth);
      if (right - left <= 1) continue;
      for (const node of Array.from(el.childNodes)) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (r.width > 0 && (r.right > right + 1 || r.left < left - 1)) {
          report(el, text, `runs past ${selector(box)}: text ${Math.round(r.left)}–${Math.round(r.right)}, box ${Math.round(left)}–${Math.round(right)}`);
          break;
        }
      }
    }

    // The felt's printed arcs: the text no longer than its arc, and no result badge over a letter.
    const badges = Array.from(document.querySelectorAll('[data-testid="hand-result"], [data-testid="insurance-result"]')).map((b) => b.getBoundingClientRect());
    for (const textEl of Array.from(document.querySelectorAll<SVGTextElement>('[data-testid="table"] svg text'))) {
      const textPath = textEl.querySelector('textPath');
      const path = textPath && document.querySelector<SVGPathElement>(textPath.getAttribute('href') ?? '');
      if (!textPath || !path) continue;
      const words = textPath.textContent ?? '';
      const length = textEl.getComputedTextLength();
      const arc = path.getTotalLength();
      if (length > arc + 0.5) out.push(`${where} felt "${words}" longer than its arc: ${length.toFixed(1)} > ${arc.toFixed(1)}`);
      const svg = textEl.ownerSVGElement!;
      const frame = svg.getBoundingClientRect();
      const k = frame.width / svg.viewBox.baseVal.width;
      for (let i = 0; i < textEl.getNumberOfChars(); i++) {
        if (!words[i]?.trim()) continue;
        const g = textEl.getExtentOfChar(i);
        const x0 = frame.left + g.x * k;
        const y0 = frame.top + g.y * k;
        const x1 = x0 + g.width * k;
        const y1 = y0 + g.height * k;
        const covered = badges.find((b) => b.left < x1 && b.right > x0 && b.top < y1 && b.bottom > y0);
        if (covered) {
          out.push(`${where} felt "${words}" a result badge covers "${words[i]}" (letter ${i})`);
          break;
        }
      }
    }
    return out;
  }, where);
}
