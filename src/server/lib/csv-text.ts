import { isCsvFile } from '../../shared/constants.js';
import { badRequest } from './errors.js';

export const csvMessages = {
  notUtf8: 'The file is not UTF-8 text. In your spreadsheet choose "Save as… CSV UTF-8 (comma delimited)" and upload it again.',
  notText: 'The file contains NUL characters, so it is not a CSV text file. Save it as "CSV UTF-8" and upload it again.',
} as const;

/** The server repeats the client's check (SPEC §5), so API callers get the same rule. */
export const isCsvUpload = isCsvFile;

const starts = (buf: Buffer, bytes: number[]) => buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);

/**
 * The text of an uploaded CSV file. UTF-8 (with or without Excel's BOM) is the format the templates
 * use; UTF-16 is read when its BOM says so. Anything else — Latin-1/Windows-1252 bytes, UTF-16 without
 * a BOM, binary files — is refused on the upload's field instead of being stored as garbled names.
 */
export function csvText(content: Buffer, field = 'bulkFile'): string {
  let text: string;
  try {
    if (starts(content, [0xff, 0xfe])) text = new TextDecoder('utf-16le', { fatal: true }).decode(content.subarray(2));
    else if (starts(content, [0xfe, 0xff])) text = new TextDecoder('utf-16be', { fatal: true }).decode(content.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw badRequest(csvMessages.notUtf8, field);
  }
  if (text.includes('\u0000')) throw badRequest(csvMessages.notText, field);
  return text;
}
