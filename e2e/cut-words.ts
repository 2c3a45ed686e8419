import type { Page } from '@playwright/test';

/**
 * The words of controls that the layout cuts: a button or link whose label overflows a box that hides
 * the overflow ("Clos" for Close), and a select whose chosen option is wider than the room its box
 * leaves for text ("Undecidec"). Returns each as "text (seen px of needed px)"; [] when all is whole.
 */
export async function cutWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const control of document.querySelectorAll('button, a, [role="button"]')) {
      if (!visible(control)) continue;
      for (const el of [control, ...control.querySelectorAll('*')] as HTMLElement[]) {
        const style = getComputedStyle(el);
        const hides = ['hidden', 'clip'].includes(style.overflowX);
        if (hides && el.scrollWidth > el.clientWidth + 1 && el.textContent?.trim())
          cut.push(`${el.textContent.trim()} (${el.clientWidth} of ${el.scrollWidth} px)`);
      }
    }
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll('select')) {
      if (!visible(select)) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = canvas.measureText(text).width;
      if (needed > room + 0.5) cut.push(`${text} (${Math.floor(room)} of ${Math.ceil(needed)} px)`);
    }
    return cut;
  });
}
