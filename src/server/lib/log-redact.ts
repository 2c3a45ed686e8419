import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: never written to a log. */
const SECRET_PARAMS = /^(token|password|code)$/i;

/**
 * A request's address as logged: the reset page's whole query string goes, and so does any token
 * (or password, or code) parameter elsewhere, so a log reader can never replay a reset link.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (/^\/(reset-password|api\/auth\/reset-password)\/?$/.test(path)) return `${path}?[redacted]`;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const name = decodeURIComponentSafe(pair.split('=')[0] ?? '');
      return SECRET_PARAMS.test(name) ? `${pair.split('=')[0]}=[redacted]` : pair;
    });
  return `${path}?${params.join('&')}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's request serializer with the address redacted. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
