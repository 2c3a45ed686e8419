import type { CSSProperties } from 'react';

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * docs/product.md#validation shows a field's error as a red tooltip (ErrorTip) and a red border. The input keeps
 * Mantine's own error element for screen readers (aria-describedby), hidden from sight so the
 * message is not shown twice.
 */
export const tooltipErrorStyles = { error: visuallyHidden };
