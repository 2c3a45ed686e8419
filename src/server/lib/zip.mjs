// Plain JavaScript: it also runs in the workbook worker (modules/imports/xlsx.worker.mjs), and worker
// threads get no TypeScript loader (tsx adds about half a second to each). Types: zip.d.mts.
import { crc32, inflateRawSync } from 'node:zlib';

/** Why an archive is refused: `size` (it unpacks to too much), `invalid` (not a zip we read). */
export class ZipRefusal extends Error {
  /** @param {'size' | 'invalid'} reason */
  constructor(reason) {
    super(`zip refused: ${reason}`);
    this.reason = reason;
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const invalid = () => new ZipRefusal('invalid');

/**
 * The entries of a zip as its central directory lists them, found as fflate (read-excel-file's unzip)
 * finds them: the last end record within the final 64 KiB. No bytes are inflated here, so a bomb
 * costs nothing yet. ZIP64, encryption and methods other than store/deflate are refused: a workbook
 * never needs them.
 * @param {Buffer} buf
 * @param {{ maxEntries: number, maxUnpackedBytes: number, wanted: (name: string) => boolean }} limits
 */
export function zipEntries(buf, limits) {
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== EOCD) {
    if (buf.length - end > 65_557) throw invalid();
    end--;
  }
  if (end < 0) throw invalid();
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw invalid();
  if (count > limits.maxEntries) throw new ZipRefusal('size');
  const entries = [];
  const names = new Set();
  let unpacked = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== CENTRAL) throw invalid();
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const packed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const offset = buf.readUInt32LE(at + 42);
    if (at + 46 + skip > end) throw invalid();
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + skip;
    if (!limits.wanted(name)) continue;
    if (flags & 1 || (method !== 0 && method !== 8) || packed === 0xffffffff || size === 0xffffffff) throw invalid();
    if (names.has(name)) throw invalid();
    names.add(name);
    unpacked += size;
    if (unpacked > limits.maxUnpackedBytes) throw new ZipRefusal('size');
    entries.push({ name, method, packed, size, offset });
  }
  return entries;
}

/**
 * An entry's bytes, inflated with the output capped at the size the directory declared: an entry
 * that unpacks to more (or less) than it said is refused, so the declared total is the real one.
 * @param {Buffer} buf
 * @param {{ name: string, method: number, packed: number, size: number, offset: number }} entry
 */
export function unpackEntry(buf, entry) {
  const at = entry.offset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw invalid();
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  if (start + entry.packed > buf.length) throw invalid();
  const packed = buf.subarray(start, start + entry.packed);
  if (entry.method === 0) {
    if (entry.packed !== entry.size) throw invalid();
    return packed;
  }
  let out;
  try {
    // maxOutputLength stops zlib as soon as the output passes the cap: nothing larger is ever allocated.
    out = inflateRawSync(packed, { maxOutputLength: Math.max(entry.size, 1) });
  } catch (err) {
    throw /** @type {{ code?: string }} */ (err).code === 'ERR_BUFFER_TOO_LARGE' ? new ZipRefusal('size') : invalid();
  }
  if (out.length !== entry.size) throw invalid();
  return out;
}

/**
 * A zip of the given files, stored (not compressed): what the checked entries are handed on as, so a
 * reader sees exactly those bytes and no entry it could inflate on its own.
 * @param {{ name: string, data: Uint8Array }[]} files
 */
export function storedZip(files) {
  const parts = [];
  const directory = [];
  let offset = 0;
  for (const { name, data } of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const size = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}
