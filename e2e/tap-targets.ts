import type { Locator, Page } from '@playwright/test';

/** A control on a touch screen: at least this many CSS pixels each way, or this much clear space around it. */
export const TAP = 44;

export interface Offender {
  what: string;
  size: string;
  /** The other control inside the 44 × 44 px square centred on this one, when there is one. */
  crowdedBy: string | null;
}

/**
 * Every visible control of the page whose box is under 44 × 44 px and whose 44 × 44 px square, centred on
 * it, overlaps another control's box (WCAG 2.5.8's spacing test, at the 44 px of docs/product.md).
 *
 * A control's box is what a finger can hit: a check box or radio counts together with its labels (a tap
 * on the label toggles it), and an input drawn invisibly under a styled control (Mantine's Switch,
 * SegmentedControl, Chip) is judged by its labels alone. Exemptions, each for a written reason:
 * - a link inside a sentence of text: its size is the text's line (WCAG 2.5.8 "inline" exception), and
 *   making it 44 px tall would tear the paragraph apart;
 * - a control scrolled sideways out of the screen (the closed navigation drawer): it cannot be tapped
 *   until it slides in, and the audit opens the drawer to look at it there;
 * - a control inside an `inert` subtree, or the page behind an open modal: nothing can be tapped there.
 */
export function tapOffenders(page: Page, within?: string): Promise<Offender[]> {
  return page.evaluate(
    ([tap, within]) => {
      const SELECTOR = [
        'button',
        'a[href]',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        'summary',
        '[role="button"]',
        '[role="link"]',
        '[role="checkbox"]',
        '[role="radio"]',
        '[role="switch"]',
        '[role="tab"]',
        '[role="menuitem"]',
        '[role="menuitemcheckbox"]',
        '[role="menuitemradio"]',
        '[role="option"]',
        '[role="slider"]',
        '[tabindex]:not([tabindex="-1"])',
      ].join(',');

      type Box = { left: number; top: number; right: number; bottom: number };
      const rectOf = (e: Element): Box | null => {
        const r = e.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) return null;
        const s = getComputedStyle(e);
        if (s.visibility === 'hidden' || Number(s.opacity) === 0) return null;
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      };
      const union = (boxes: Box[]): Box | null =>
        boxes.length === 0
          ? null
          : {
              left: Math.min(...boxes.map((b) => b.left)),
              top: Math.min(...boxes.map((b) => b.top)),
              right: Math.max(...boxes.map((b) => b.right)),
              bottom: Math.max(...boxes.map((b) => b.bottom)),
            };
      const labelsOf = (e: Element): Element[] => (e instanceof HTMLInputElement && e.labels ? [...e.labels] : []);
      // The open one of its kind: a closed select keeps its (hidden) list in the page.
      const scopes = within ? [...document.querySelectorAll(within)].filter((e) => rectOf(e)) : null;
      const blocked = (e: Element): boolean => {
        if (e.closest('[inert]')) return true;
        // A drawer over the page: only its own controls can be tapped then.
        if (scopes && !scopes.some((s) => s.contains(e))) return true;
        // An open modal makes the rest of the page untappable: only its own controls count then.
        const modal = document.querySelector('[role="dialog"][aria-modal="true"]');
        return !!modal && !modal.contains(e);
      };
      const inSentence = (e: Element): boolean => {
        if (e.tagName !== 'A' || getComputedStyle(e).display !== 'inline') return false;
        const parent = e.parentElement;
        if (!parent) return false;
        return [...parent.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 0);
      };
      const describe = (e: Element): string => {
        const role = e.getAttribute('role') ?? (e instanceof HTMLInputElement ? `input[${e.type}]` : e.tagName.toLowerCase());
        const labelText = labelsOf(e)
          .map((l) => l.textContent ?? '')
          .join(' ');
        const name = (
          e.getAttribute('aria-label') ||
          labelText ||
          (e as HTMLElement).innerText ||
          e.getAttribute('title') ||
          e.getAttribute('placeholder') ||
          (e as HTMLInputElement).value ||
          ''
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 50);
        return `${role} "${name}"`;
      };

      const controls: { el: Element; box: Box }[] = [];
      const seen = new Set<Element>();
      for (const el of document.querySelectorAll(SELECTOR)) {
        if (seen.has(el) || blocked(el) || inSentence(el)) continue;
        // A label that wraps or names an input is judged with that input, not alone.
        const own = rectOf(el);
        const labels = labelsOf(el)
          .map(rectOf)
          .filter((b): b is Box => !!b);
        const tiny = !own || own.right - own.left <= 2 || own.bottom - own.top <= 2;
        const box = tiny
          ? union(labels)
          : el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type)
            ? union([own!, ...labels])
            : own;
        if (!box) continue;
        if (box.right <= 0 || box.left >= window.innerWidth) continue;
        seen.add(el);
        controls.push({ el, box });
      }

      if (within && controls.length === 0) throw new Error(`No control to look at in ${within}`);
      const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const offenders: { what: string; size: string; crowdedBy: string | null }[] = [];
      for (const c of controls) {
        const w = c.box.right - c.box.left;
        const h = c.box.bottom - c.box.top;
        if (w >= tap - 0.5 && h >= tap - 0.5) continue;
        const cx = (c.box.left + c.box.right) / 2;
        const cy = (c.box.top + c.box.bottom) / 2;
        const square = { left: cx - tap / 2, top: cy - tap / 2, right: cx + tap / 2, bottom: cy + tap / 2 };
        // A control inside another (an icon button in a clickable row) is crowded by that one too.
        const other = controls.find((o) => o !== c && !c.el.contains(o.el) && (o.el.contains(c.el) || overlaps(square, o.box)));
        if (!other) continue;
        offenders.push({ what: describe(c.el), size: `${Math.round(w)} × ${Math.round(h)}`, crowdedBy: describe(other.el) });
      }
      return offenders;
    },
    [TAP, within ?? null] as const,
  );
}

/** The size of each control `controls` finds, judged as the audit judges it (a check box with its labels). */
export async function tapSizes(controls: Locator): Promise<{ what: string; width: number; height: number }[]> {
  return controls.evaluateAll((els) =>
    els.map((el) => {
      const boxes = [el, ...(el instanceof HTMLInputElement && el.labels ? [...el.labels] : [])]
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.width > 2 && r.height > 2);
      const left = Math.min(...boxes.map((b) => b.left));
      const top = Math.min(...boxes.map((b) => b.top));
      const what = (
        el.getAttribute('aria-label') ||
        (el as HTMLElement).innerText ||
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : '') ||
        ''
      ).trim();
      return {
        what,
        width: Math.round(Math.max(...boxes.map((b) => b.right)) - left),
        height: Math.round(Math.max(...boxes.map((b) => b.bottom)) - top),
      };
    }),
  );
}
