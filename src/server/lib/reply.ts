import { MSG } from '../../shared/messages.js';

/** Response envelopes of docs/product.md#errors. */
export const read = <T>(data: T) => ({ data });
export const written = <T>(data: T) => ({ data, message: MSG.success });
export const jsonList = (text: string | null | undefined): string[] => {
  try {
    const v: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};
