import { once } from 'node:events';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/** Workbooks built byte by byte for the hostile-file tests: what a real writer would never produce. */

export interface ZipFile {
  name: string;
  data: Buffer | string;
  /** Store instead of deflate. */
  stored?: boolean;
  /** The uncompressed size the headers claim (a lie, for the tests that check it is not trusted). */
  claimSize?: number;
  /** Already deflated (`data` is then the deflated bytes and `size` their unpacked length). */
  deflated?: { size: number; crc: number };
}

/** `size` zero bytes, deflated a megabyte at a time: a bomb's payload without holding it unpacked. */
export async function deflatedZeros(size: number): Promise<ZipFile['deflated'] & { data: Buffer }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { data: Buffer.concat(out), size, crc: crc >>> 0 };
}

/** A zip archive (local headers, central directory, end record), deflated unless told otherwise. */
export function zip(files: ZipFile[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const raw = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    const packed = file.stored || file.deflated ? raw : deflateRawSync(raw);
    const name = Buffer.from(file.name);
    const size = file.claimSize ?? file.deflated?.size ?? raw.length;
    const crc = file.deflated?.crc ?? crc32(raw) >>> 0;
    const header = (signature: number, length: number, at: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      b.writeUInt16LE(20, at);
      b.writeUInt16LE(file.stored ? 0 : 8, at + 4);
      b.writeUInt32LE(crc, at + 10);
      b.writeUInt32LE(packed.length, at + 14);
      b.writeUInt32LE(size, at + 18);
      b.writeUInt16LE(name.length, at + 22);
      return b;
    };
    parts.push(header(0x04034b50, 30, 4), name, packed);
    const central = header(0x02014b50, 46, 6);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A cell with an inline string. */
export const textCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${esc(text)}</t></is></c>`;

/** The `<sheetData>` of rows of inline-string cells, A1 downwards. */
export function rowsXml(rows: string[][]): string {
  const col = (i: number) => String.fromCharCode(65 + i);
  return rows.map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => textCell(`${col(c)}${r + 1}`, v)).join('')}</row>`).join('');
}

/**
 * The parts of a minimal valid workbook whose first sheet holds `sheetData` (XML inside
 * `<sheetData>`); `extra` adds or replaces parts (a shared strings table, say).
 */
export function workbookFiles(sheetData: string, extra: ZipFile[] = []): ZipFile[] {
  const ns = 'http://schemas.openxmlformats.org';
  const rel = `${ns}/officeDocument/2006/relationships`;
  const files: ZipFile[] = [
    {
      name: '[Content_Types].xml',
      data:
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
    },
  ];
  for (const part of extra) {
    const at = files.findIndex((f) => f.name === part.name);
    if (at >= 0) files[at] = part;
    else files.push(part);
  }
  return files;
}

export const workbook = (sheetData: string, extra: ZipFile[] = []) => zip(workbookFiles(sheetData, extra));

/** A shared strings table of `count` strings made by `text`. */
export function sharedStrings(count: number, text: (i: number) => string): ZipFile {
  const items: string[] = [];
  for (let i = 0; i < count; i++) items.push(`<si><t>${esc(text(i))}</t></si>`);
  return {
    name: 'xl/sharedStrings.xml',
    data: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">${items.join('')}</sst>`,
  };
}
