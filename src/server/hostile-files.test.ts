import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CSV_BYTES, MAX_IMAGE_BYTES, MAX_IMPORT_CELLS, MAX_PDF_BYTES } from '../shared/constants.js';
import { tableLimitMessages } from './lib/csv-text.js';
import { xlsxMessages } from './modules/imports/read-xlsx.js';
import { DEMO_SIGN_INS } from './cli/seed-demo.js';
import { fingerprint } from './test/fingerprint.js';
import { createTestApp, type Client, type TestApp } from './test/harness.js';
import { demoTargets, hostileChecker, multipart, type DemoIds } from './test/hostile.js';
import { serverProcess, signIn } from './test/server-process.js';
import { deflatedZeros, rowsXml, sharedStrings, textCell, workbook, workbookFiles, zip } from './test/xlsx.js';

/**
 * Hostile files (issue "Proof of safety and speed"): CSV files to every bulk endpoint (formulas, BOM,
 * quotes and newlines, wrong encodings, NUL bytes, a file just over the size limit, wrong names and
 * types), PDFs and images whose bytes do not match their names or types, and formula cells in the
 * players export. Every answer: no 5xx, no stack trace or SQL text, nothing written on an error.
 */
let t: TestApp;
let su: Client;
let hostile: ReturnType<typeof hostileChecker>;
const checked: ReturnType<typeof hostileChecker>['checked'] = (...args) => hostile.checked(...args);
let ids: DemoIds;
let criterion: { criteria: string; level_name: string };
let player: { first_name: string; last_name: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  su = await t.login('superadmin');
  hostile = hostileChecker(t.app);
  ({ ids, criterion, player } = await demoTargets(su));
}, 60_000);
afterAll(() => t.close());

const headers = () => ({ cookie: su.cookie, 'x-csrf-token': su.csrf });

// ---------------------------------------------------------------------------------------------
// Hostile CSV files to every bulk endpoint

interface Bulk {
  url: () => string;
  fields: () => Record<string, string>;
  header: string;
  /** A valid row; `tag` makes it unique. */
  row: (tag: string) => string;
}

const BULKS: Record<string, Bulk> = {
  teams: {
    url: () => '/api/teams/bulk',
    fields: () => ({ category: String(ids.category), season: String(ids.season) }),
    header: 'Name,CoachEmail',
    row: (tag) => `${tag} team,coach@demo.club`,
  },
  players: {
    url: () => '/api/players/bulk',
    fields: () => ({ team_id: String(ids.team) }),
    header: 'FirstName,LastName,Email,Dob,PlayerEmail',
    row: (tag) => `Hostile,${tag},parent.${tag.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'x'}@example.org,2012,`,
  },
  users: {
    url: () => '/api/users/bulk',
    fields: () => ({ role: String(ids.coachRole) }),
    header: 'FirstName,LastName,Email',
    row: (tag) => `Hostile,${tag},user.${tag.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'x'}@example.org`,
  },
  evaluations: {
    url: () => '/api/players/evaluation/bulk',
    fields: () => ({}),
    header: 'PlayerFirstName,PlayerLastName,ParentEmail,Level,Criteria,Score,Notes,Video',
    row: (tag) => `${player.first_name},${player.last_name},${player.email},${criterion.level_name},${criterion.criteria},7,${tag},`,
  },
  "one player's evaluations": {
    url: () => `/api/player/${ids.player}/evaluation/bulk`,
    fields: () => ({}),
    header: 'PlayerFirstName,PlayerLastName,ParentEmail,Level,Criteria,Score,Notes,Video',
    row: (tag) => `${player.first_name},${player.last_name},${player.email},${criterion.level_name},${criterion.criteria},6,${tag},`,
  },
};

const utf16le = (s: string, bom = true) => Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(s, 'utf16le')]);
const utf16be = (s: string) => {
  const le = Buffer.from(s, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
};

describe('hostile CSV files on every bulk endpoint', () => {
  for (const [name, bulk] of Object.entries(BULKS)) {
    /** `echo: false` for megabytes of line breaks: the leak patterns would backtrack over them for hours. */
    const upload = (content: string | Buffer, file: { name?: string; type?: string } = {}, echo = true) => {
      const { payload, contentType } = multipart(bulk.fields(), {
        field: 'bulkFile',
        name: file.name ?? 'upload.csv',
        content,
        ...(file.type ? { type: file.type } : {}),
      });
      return checked(`${name} ${file.name ?? ''}`, echo ? content.toString() : null, () =>
        t.app.inject({ method: 'POST', url: bulk.url(), payload, headers: { ...headers(), 'content-type': contentType } }),
      );
    };
    const lines = (...rows: string[]) => [bulk.header, ...rows].join('\r\n');

    it(`${name}: formulas, BOM, quotes and newlines in cells — never 5xx, clean errors`, async () => {
      for (const f of ['=HYPERLINK(http://evil.example)', '+cmd|/C calc!A0', '-2+3', '@SUM(A1:A9)', '=1+1']) {
        const res = await upload(lines(bulk.row(`${f}${Math.random().toString(36).slice(2, 8)}`)));
        expect([200, 400]).toContain(res.statusCode);
      }
      // A UTF-8 BOM (Excel's "CSV UTF-8") is read as an ordinary file.
      const bom = await upload(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines(bulk.row('bom')))]));
      expect(bom.statusCode, bom.body).toBe(200);
      // Quotes, commas and line breaks inside quoted cells; an unbalanced quote; a stray quote.
      await upload(lines(bulk.row('q1').replace(/,([^,]*)$/, ',"line one\nline ""two"", with comma"')));
      const unbalanced = await upload(lines(bulk.row('q2')) + '\r\n"never closed,x,y');
      expect(unbalanced.statusCode).toBe(400);
      await upload(lines(bulk.row('q3').replace(',', ',a"b')));
    });

    it(`${name}: wrong encodings are read correctly or refused — never stored garbled`, async () => {
      const before = await fingerprint(t.db);
      for (const [label, content] of [
        ['UTF-16LE without BOM', utf16le(lines(bulk.row('u16nobom')), false)],
        ['latin1', Buffer.from(lines(bulk.row('Müller')), 'latin1')],
        ['NUL byte in a cell', Buffer.from(lines(bulk.row('nul\u0000byte')))],
        ['random bytes', Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919 + 13) % 256))],
      ] as const) {
        const res = await upload(content);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json().field, label).toBe('bulkFile');
      }
      expect(await fingerprint(t.db)).toBe(before);
      // UTF-16 with a BOM says what it is: read as such (the header would not match if it were garbled).
      for (const content of [utf16le(lines(bulk.row('u16le'))), utf16be(lines(bulk.row('u16be')))]) {
        const res = await upload(content);
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it(`${name}: refuses 20 MB of line breaks or of delimiters (quoted or not) in ≤ 5 s, without writing`, async () => {
      const body = MAX_CSV_BYTES - 1024;
      for (const [label, content, why] of [
        ['line breaks', `${lines(bulk.row('rows'))}${'\n'.repeat(body)}`, 'rows'],
        ['commas', `${lines(bulk.row('wide'))}\r\nx${','.repeat(body)}`, 'columns'],
        ['quoted commas', `${lines(bulk.row('wide'))}\r\n"x"${','.repeat(body)}`, 'columns'],
      ] as const) {
        const started = performance.now();
        const res = await upload(content, {}, false);
        expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(413);
        expect(res.json(), label).toEqual({ message: tableLimitMessages[why], field: 'bulkFile' });
        expect(performance.now() - started, label).toBeLessThanOrEqual(5_000);
      }
    });

    it(`${name}: refuses a file just over the size limit, wrong types and names, without writing`, async () => {
      const before = await fingerprint(t.db);
      const big = Buffer.alloc(MAX_CSV_BYTES + 1, 'a');
      Buffer.from(lines(bulk.row('big')) + '\r\n').copy(big);
      const tooBig = await upload(big);
      expect([400, 413]).toContain(tooBig.statusCode);
      for (const file of [
        { name: 'upload.csv.exe' },
        { name: 'upload.csv', type: 'image/png' },
        { name: '../../etc/passwd' },
        { name: 'upload.xlsx', type: 'text/csv' },
      ]) {
        expect((await upload(lines(bulk.row('type')), file)).statusCode, JSON.stringify(file)).toBe(400);
      }
      expect((await upload('')).statusCode).toBe(400);
      expect((await upload(bulk.header)).statusCode).toBe(400);
      expect((await upload(`${bulk.header}\r\n${'x'.repeat(200_000)},${'y'.repeat(200_000)}`)).statusCode).toBe(400);
      expect(await fingerprint(t.db)).toBe(before);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Files whose bytes do not match their names or types

const png = (w = 64, h = 64) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A PNG whose header claims width × height pixels (a decompression bomb's calling card), CRC fixed. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const buf = Buffer.from(await png(8, 8));
  buf.writeUInt32BE(width, 16);
  buf.writeUInt32BE(height, 20);
  buf.writeUInt32BE(crc32(buf.subarray(12, 29)) >>> 0, 29);
  return buf;
}

describe('uploads whose bytes do not match their names or types', () => {
  const analysis = (file: { name: string; content: Buffer | string; type?: string }) => {
    const { payload, contentType } = multipart({ video_links: 'https://example.org/analysis' }, { field: 'pdf', ...file });
    return checked(`analysis ${file.name}`, null, () =>
      t.app.inject({
        method: 'POST',
        url: `/api/player/${ids.player}/analysis`,
        payload,
        headers: { ...headers(), 'content-type': contentType },
      }),
    );
  };

  it('analysis PDF: refuses non-PDF bytes whatever the name/type; serves a PDF only as a PDF attachment', async () => {
    for (const file of [
      { name: 'analysis.pdf', content: await png(), type: 'application/pdf' },
      { name: 'analysis.pdf', content: '<html><script>alert(document.cookie)</script></html>', type: 'application/pdf' },
      { name: 'analysis.pdf', content: 'MZ\x90\x00\x03 windows executable', type: 'application/pdf' },
      { name: 'analysis.pdf', content: ' %PDF-1.4 leading space', type: 'application/pdf' },
      { name: 'analysis.pdf', content: '%PD', type: 'application/pdf' },
    ]) {
      const res = await analysis(file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe('pdf');
    }
    const tooBig = Buffer.alloc(MAX_PDF_BYTES + 1, 0x20);
    pdfBytes.copy(tooBig);
    const big = await analysis({ name: 'big.pdf', content: tooBig, type: 'application/pdf' });
    expect(big.statusCode).toBe(400);
    expect(big.json().field).toBe('pdf');

    // Real PDF bytes under a hostile name and type: stored under a server-chosen name, served as a PDF.
    const html = await analysis({
      name: '<img src=x onerror=alert(1)>.html',
      content: Buffer.concat([pdfBytes, Buffer.from('<script>alert(1)</script>')]),
      type: 'text/html',
    });
    expect(html.statusCode, html.body).toBe(200);
    const got = await su.get(`/api/player/${ids.player}/analysis/pdf`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe('attachment; filename="Analysis.pdf"');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('profile_img: sniffs the bytes, re-encodes real images, refuses the rest and oversized images', async () => {
    const create = (profile_img: string, n: number) =>
      checked(`profile_img #${n}`, null, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/players',
          headers: headers(),
          payload: { first_name: 'Photo', last_name: `Case ${n}`, email: `photo${n}@example.org`, team_id: [ids.team], profile_img },
        }),
      );
    const refused = [
      dataUrl('image/png', pdfBytes),
      dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      dataUrl('image/png', Buffer.from('<html><body onload=alert(1)></html>')),
      dataUrl('image/png', (await png()).subarray(0, 60)),
      dataUrl('image/png', await pngClaiming(30_000, 30_000)),
      dataUrl('image/png', Buffer.alloc(MAX_IMAGE_BYTES + 1, 0x89)),
      'data:image/png;base64,!!!not base64!!!',
      'javascript:alert(1)',
    ];
    for (const [i, url] of refused.entries()) {
      const res = await create(url, i);
      expect(res.statusCode, `refused #${i}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().field).toBe('profile_img');
    }
    // PNG bytes labelled JPEG, and a GIF labelled text/html: sniffed, re-encoded to a WebP.
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    for (const [i, url] of [dataUrl('image/jpeg', await png()), dataUrl('text/html', gif)].entries()) {
      const res = await create(url, 100 + i);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const photo = await su.get(`/assets/images/users/${res.json().data.profile_img}`);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect(photo.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    }
    // A JSON body over the 12 MB limit.
    const huge = await checked('12 MB body', null, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/players',
        headers: { ...headers(), 'content-type': 'application/json' },
        payload: JSON.stringify({ profile_img: 'A'.repeat(13 * 1024 * 1024) }),
      }),
    );
    expect(huge.statusCode).toBe(413);
  });
});

// ---------------------------------------------------------------------------------------------
// Exports neutralise formula cells

describe('players export', () => {
  it('neutralises every formula cell, whether the player came from the form or a CSV import', async () => {
    const formulas = ['=HYPERLINK("http://evil.example","x")', '+SUM(1,2)', '-2+3', '@cmd', '=1+1'];
    for (const [i, f] of formulas.entries()) {
      const res = await su.post('/api/players', {
        first_name: f,
        last_name: `${f}${i}`,
        email: `formula${i}@example.org`,
        team_id: [ids.team],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const emails = ['+1@example.org', '-1@example.org', '=1@example.org'];
    for (const e of emails) {
      const res = await su.post('/api/players', { first_name: 'Formula', last_name: 'Mail', email: e, team_id: [ids.team] });
      expect([200, 400]).toContain(res.statusCode);
    }
    const csv = [
      'FirstName,LastName,Email,Dob,PlayerEmail',
      '"=HYPERLINK(""http://evil.example"")",@Imported,imported.formula@example.org,,',
      '+Imported,-Imported,imported.two@example.org,,',
    ].join('\n');
    const imported = await su.upload(
      '/api/players/bulk',
      { team_id: String(ids.team) },
      { field: 'bulkFile', name: 'p.csv', content: csv },
    );
    expect(imported.statusCode, imported.body).toBe(200);

    const res = await su.get('/api/players/export');
    expect(res.statusCode).toBe(200);
    const cells = (parse(res.body, { bom: true }) as string[][]).flat();
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    for (const f of [...formulas, '@Imported', '+Imported', '-Imported', '=HYPERLINK("http://evil.example")'])
      expect(cells).toContain(`'${f}`);
  });
});

// ---------------------------------------------------------------------------------------------
// Import files that would stop the server (issue 38): refused in ≤ 5 s while /api/health answers

describe('import files that unpack or split into more than the server can hold', () => {
  let server: Awaited<ReturnType<typeof serverProcess>>;
  let coach: Record<string, string>;
  const colName = (i: number): string => (i >= 26 ? colName(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));
  const header = `<row r="1">${textCell('A1', 'First name')}${textCell('B1', 'Last name')}${textCell('C1', 'Parent email')}</row>`;
  const MB20 = MAX_CSV_BYTES - 64;
  const files: { label: string; name: string; data: Buffer; message: string }[] = [];

  beforeAll(async () => {
    // The server runs as its own process on this test's database: its memory is its own.
    server = await serverProcess(t.url);
    const { email, password } = DEMO_SIGN_INS.find((s) => s.role === 'Coach')!;
    coach = await signIn(server.url, email, password);
    const zeros = await deflatedZeros(400 * 1024 * 1024);
    const bomb = { name: 'xl/worksheets/sheet2.xml', data: zeros.data, deflated: zeros };
    const million: string[] = [header];
    // Compact (no row numbers on <row>): under the unpacked limit, so the rows limit is what refuses it.
    for (let r = 2; r <= 1_048_576; r++) million.push(`<row><c r="A${r}"><v>1</v></c></row>`);
    const every = Array.from({ length: 20 }, (_, r) => {
      const cells = Array.from({ length: 100 }, (_, c) => `<c r="${colName(c)}${r + 2}" t="s"><v>0</v></c>`).join('');
      return `<row r="${r + 2}">${cells}</row>`;
    }).join('');
    files.push(
      {
        label: 'the sparse sheet (A1 and XFD1048576)',
        name: 'sparse.xlsx',
        data: workbook(`<row r="1">${textCell('A1', 'First name')}</row><row r="1048576">${textCell('XFD1048576', 'x')}</row>`),
        message: tableLimitMessages.rows,
      },
      {
        // The library's XML parser decodes character references and drops an attribute's prefix.
        label: 'the sparse sheet, its coordinates written as character references',
        name: 'sparse-coded.xlsx',
        data: workbook(
          `<row r="1">${textCell('A1', 'First name')}</row><row r="&#49;048576"><c r="&#88;FD&#49;048576" t="inlineStr"><is><t>x</t></is></c></row>`,
        ),
        message: tableLimitMessages.rows,
      },
      {
        label: 'the sparse sheet, its coordinates in prefixed attributes',
        name: 'sparse-prefixed.xlsx',
        data: workbook(
          `<row r="1">${textCell('A1', 'First name')}</row><row x:r="1048576"><c x:r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>`,
        ),
        message: tableLimitMessages.rows,
      },
      { label: 'a zip bomb', name: 'bomb.xlsx', data: zip(workbookFiles(header, [bomb])), message: xlsxMessages.size },
      {
        label: 'a zip bomb whose directory lies',
        name: 'liar.xlsx',
        data: zip(workbookFiles(header, [{ ...bomb, claimSize: 2048 }])),
        message: xlsxMessages.size,
      },
      { label: 'a sheet of 1,048,576 rows', name: 'million.xlsx', data: workbook(million.join('')), message: tableLimitMessages.rows },
      {
        label: 'a shared strings table over the unpacked limit',
        name: 'sst-big.xlsx',
        data: workbook(header, [sharedStrings(1, () => 'x'.repeat(60 * 1024 * 1024))]),
        message: xlsxMessages.size,
      },
      {
        label: 'more shared strings than cells',
        name: 'sst-many.xlsx',
        data: workbook(header, [sharedStrings(MAX_IMPORT_CELLS + 1, () => 'a')]),
        message: tableLimitMessages.cells,
      },
      {
        label: 'one shared string in every cell',
        name: 'sst-every.xlsx',
        data: workbook(header + every, [sharedStrings(1, () => 'x'.repeat(1024 * 1024))]),
        message: xlsxMessages.text,
      },
      {
        label: 'a CSV of line breaks',
        name: 'rows.csv',
        data: Buffer.from('First name,Last name\n' + '\n'.repeat(MB20)),
        message: tableLimitMessages.rows,
      },
      {
        label: 'a CSV of commas',
        name: 'wide.csv',
        data: Buffer.from('First name,"Last name"\nx' + ','.repeat(MB20)),
        message: tableLimitMessages.columns,
      },
    );
    for (const f of files) expect(f.data.length, f.label).toBeLessThanOrEqual(MAX_CSV_BYTES);
  }, 180_000);
  afterAll(() => server?.stop());

  /** Uploads while /api/health is polled; the server's peak memory is read from the kernel after. */
  async function underWatch(name: string, data: Buffer) {
    let uploading = true;
    const health: { status: number; ms: number }[] = [];
    const poll = (async () => {
      while (uploading) {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
        health.push({ status: res?.status ?? 0, ms: performance.now() - started });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/imports/players/upload`, {
      method: 'POST',
      body: form,
      headers: coach,
      signal: AbortSignal.timeout(60_000),
    });
    const ms = performance.now() - started;
    const body = (await res.json()) as { message?: string; field?: string };
    uploading = false;
    await poll;
    return { status: res.status, body, ms, health, peakRss: server.peakRss() };
  }

  it('refuses each in ≤ 5 s with a plain message; /api/health answers throughout; memory stays under 500 MB', async () => {
    const before = await fingerprint(t.db);
    for (const file of files) {
      const { status, body, ms, health, peakRss } = await underWatch(file.name, file.data);
      expect([400, 413], `${file.label}: ${JSON.stringify(body)}`).toContain(status);
      expect(body, file.label).toEqual({ message: file.message, field: 'file' });
      expect(ms, file.label).toBeLessThanOrEqual(5_000);
      expect(health.length, file.label).toBeGreaterThan(0);
      for (const h of health) {
        expect(h.status, `${file.label}: health`).toBe(200);
        expect(h.ms, `${file.label}: health answered in ${Math.round(h.ms)} ms`).toBeLessThan(2_000);
      }
      expect(peakRss, `${file.label}: the server's peak memory ${Math.round(peakRss / 2 ** 20)} MB`).toBeLessThan(500 * 2 ** 20);
      expect(server.alive(), file.label).toBe(true);
      const slowest = Math.max(...health.map((h) => h.ms));
      console.info(
        `${file.label}: ${status} in ${Math.round(ms)} ms; health ×${health.length}, slowest ${Math.round(slowest)} ms; peak ${Math.round(peakRss / 2 ** 20)} MB`,
      );
    }
    expect(await fingerprint(t.db)).toBe(before);
    // A real workbook still imports after all that.
    const ok = await underWatch(
      'players.xlsx',
      workbook(
        rowsXml([
          ['First name', 'Last name', 'Parent email'],
          ['Hostile', 'Survivor', 'survivor.parent@example.org'],
        ]),
      ),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  }, 120_000);
});
