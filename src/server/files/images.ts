import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../shared/constants.js';
import { badRequest } from '../lib/errors.js';
import { sniffImage } from './magic.js';

export const PROFILE_SIZE = 256;
const MAX_INPUT_PIXELS = 40_000_000;

export const photoMessages = {
  invalid: 'The photo must be a JPEG, PNG, WebP or GIF image.',
  tooLarge: `The photo must be ${MAX_IMAGE_BYTES / 1024 / 1024} MB or smaller.`,
} as const;

/** Decodes `data:image/…;base64,…` (the API takes profile_img as a data URL). */
export function decodeDataUrl(value: string, field: string): Buffer {
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?(;[a-z0-9=-]+)*;base64,([A-Za-z0-9+/=\s]*)$/i.exec(value);
  if (!match) throw badRequest(photoMessages.invalid, field);
  const b64 = match[3]!.replace(/\s/g, '');
  if ((b64.length * 3) / 4 > MAX_IMAGE_BYTES + 3) throw badRequest(photoMessages.tooLarge, field);
  const buf = Buffer.from(b64, 'base64');
  if (buf.length === 0) throw badRequest(photoMessages.invalid, field);
  if (buf.length > MAX_IMAGE_BYTES) throw badRequest(photoMessages.tooLarge, field);
  return buf;
}

/**
 * Re-encodes an uploaded photo to a 256×256 WebP: whatever the upload carried (metadata, scripts in
 * comments, polyglot tails) does not survive, and every stored photo is small.
 */
export async function toProfileWebp(input: Buffer, field: string): Promise<Buffer> {
  if (!sniffImage(input)) throw badRequest(photoMessages.invalid, field);
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_SIZE, PROFILE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(photoMessages.invalid, field);
  }
}
