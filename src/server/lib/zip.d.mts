/** Types of zip.mjs (plain JavaScript so that a worker thread can load it). */
export declare class ZipRefusal extends Error {
  constructor(reason: 'size' | 'invalid');
  readonly reason: 'size' | 'invalid';
}

export interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  size: number;
  offset: number;
}

export declare function zipEntries(
  buf: Buffer,
  limits: { maxEntries: number; maxUnpackedBytes: number; wanted: (name: string) => boolean },
): ZipEntry[];
export declare function unpackEntry(buf: Buffer, entry: ZipEntry): Buffer;
export declare function storedZip(files: { name: string; data: Uint8Array }[]): Buffer;
