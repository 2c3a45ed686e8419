import { Parser } from 'htmlparser2';

export interface OgData {
  title: string;
  description: string;
  image: string;
}

const LIMITS = { title: 300, description: 1000, image: 2000 } as const;

const clean = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** og:image made absolute against the page address; anything but http(s) (javascript:, data:) is dropped. */
export function absoluteImage(raw: string, base: URL): string {
  if (!raw) return '';
  try {
    const url = new URL(raw.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.href.length <= LIMITS.image ? url.href : '';
  } catch {
    return '';
  }
}

/**
 * Reads og:title, og:description and og:image, falling back to <title> and the meta description.
 * htmlparser2 is a tolerant streaming parser: broken markup never throws, entities are decoded, and
 * nothing of the page is executed or rendered — the values are plain text for the client.
 */
export function parseOg(html: string, base: URL): OgData {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let titleDone = false;
  let inSvg = 0;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'svg') inSvg++;
        if (name === 'title' && !titleDone && inSvg === 0) inTitle = true;
        if (name !== 'meta') return;
        const key = (attrs.property ?? attrs.name ?? '').trim().toLowerCase();
        const content = attrs.content;
        if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'svg' && inSvg > 0) inSvg--;
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const pick = (...keys: string[]) => keys.map((k) => meta.get(k) ?? '').find((v) => v.trim() !== '') ?? '';
  return {
    title: clean(pick('og:title', 'twitter:title') || title, LIMITS.title),
    description: clean(pick('og:description', 'twitter:description', 'description'), LIMITS.description),
    image: absoluteImage(pick('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image'), base),
  };
}
