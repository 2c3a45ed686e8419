import { LINK_PREVIEW_DESCRIPTION_CHARS } from '../../shared/constants';

/** docs/product.md#screens: a preview card shows the description cut to 50 characters plus '...'. */
export function shortDescription(text: string, max = LINK_PREVIEW_DESCRIPTION_CHARS): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max)}...` : t;
}

/** The host name without a leading 'www.' (the card's fallback when no preview could be read). */
export function displayHost(link: string): string {
  try {
    return new URL(link).host.replace(/^www\./i, '');
  } catch {
    return link;
  }
}

/** Only http(s) addresses become links or images in the page. */
export function isHttpLink(link: string): boolean {
  try {
    const u = new URL(link);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
