/** Magic-byte checks: the declared type of an upload is never trusted. */

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

const starts = (buf: Buffer, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);

export function sniffImage(buf: Buffer): ImageKind | null {
  if (starts(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(buf, [0x52, 0x49, 0x46, 0x46]) && starts(buf, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts(buf, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  return null;
}

/** A PDF starts with '%PDF-' (readers tolerate leading junk; we do not). */
export function isPdf(buf: Buffer): boolean {
  return starts(buf, [0x25, 0x50, 0x44, 0x46, 0x2d]);
}
