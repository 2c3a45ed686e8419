import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import type { Client, TestApp } from '../../test/harness.js';
import { playersSuite, type DemoIds } from './players.fixtures.js';

let t: TestApp, admin: Client, coach: Client, player: Client, ids: DemoIds;
let catalogue: { id: number; title: string }[];

playersSuite(async (s) => {
  ({ t, admin, coach, player, ids } = s);
  catalogue = await t.db.selectFrom('achievements').select(['id', 'title']).orderBy('id').execute();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')]);

describe('notes', () => {
  it('add, list (newest first, author and date), edit, delete', async () => {
    const pid = ids.ownPlayer;
    const added = await coach.post(`/api/player/${pid}/notes`, { details: 'First note', author: 999, authorName: 'Someone Else' });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe(MSG.success);
    const note = added.json().data;
    expect(note).toMatchObject({
      notes: 'First note',
      authorName: 'Casey Coach',
      dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const list = (await coach.get(`/api/player/${pid}/notes`)).json().data;
    expect(list[0]).toEqual(note);
    const edited = await admin.post(`/api/player/${pid}/note/${note.id}`, { details: 'Edited note' });
    expect(edited.json().data).toMatchObject({ id: note.id, notes: 'Edited note', authorName: 'Casey Coach' });
    expect(edited.json().data.dateModified >= note.dateModified).toBe(true);
    expect((await coach.post(`/api/player/${pid}/note/${note.id}/delete`)).statusCode).toBe(200);
    expect((await coach.get(`/api/player/${pid}/notes`)).json().data.find((n: { id: number }) => n.id === note.id)).toBeUndefined();
  });

  it('details required; 404 for a note of another player; IDOR for coaches', async () => {
    const empty = await coach.post(`/api/player/${ids.ownPlayer}/notes`, { details: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: MSG.required, field: 'details' });
    const other = (await admin.post(`/api/player/${ids.otherPlayer}/notes`, { details: 'Theirs' })).json().data;
    expect((await admin.post(`/api/player/${ids.ownPlayer}/note/${other.id}`, { details: 'x' })).statusCode).toBe(404);
    expect((await admin.post(`/api/player/${ids.ownPlayer}/note/${other.id}/delete`)).statusCode).toBe(404);
    expect((await coach.get(`/api/player/${ids.otherPlayer}/notes`)).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${ids.otherPlayer}/notes`, { details: 'x' })).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${ids.otherPlayer}/note/${other.id}`, { details: 'x' })).statusCode).toBe(403);
    expect((await coach.post(`/api/player/${ids.otherPlayer}/note/${other.id}/delete`)).statusCode).toBe(403);
    expect((await t.anon.get(`/api/player/${ids.ownPlayer}/notes`)).statusCode).toBe(401);
    expect((await t.anon.post(`/api/player/${ids.ownPlayer}/notes`, { details: 'x' })).statusCode).toBe(401);
  });

  it('the player reads their own notes (also with the player area’s stray brace) but writes none', async () => {
    await admin.post(`/api/player/${ids.linkedPlayer}/notes`, { details: 'For the player' });
    expect((await player.get(`/api/player/${ids.linkedPlayer}/notes`)).json().data[0].notes).toBe('For the player');
    const brace = await player.get(`/api/player/${ids.linkedPlayer}%7D/notes`);
    expect(brace.statusCode).toBe(200);
    expect(brace.json().data[0].notes).toBe('For the player');
    expect((await player.get(`/api/player/${ids.otherPlayer}/notes`)).statusCode).toBe(403);
    expect((await player.post(`/api/player/${ids.linkedPlayer}/notes`, { details: 'mine' })).statusCode).toBe(403);
    expect((await admin.get('/api/player/1x/notes')).statusCode).toBe(400);
  });
});

describe('achievements', () => {
  it('award, list with the catalogue title, edit, delete', async () => {
    const pid = ids.ownPlayer;
    const [first, second] = catalogue;
    const res = await coach.post(`/api/player/${pid}/achievements`, { achievement_id: String(first!.id), detail: 'Great week' });
    expect(res.statusCode).toBe(200);
    const award = res.json().data;
    expect(award).toMatchObject({ achievement: first!.title, achievement_id: first!.id, detail: 'Great week' });
    expect((await coach.get(`/api/player/${pid}/achievements`)).json().data[0]).toEqual(award);
    const edited = await coach.post(`/api/player/${pid}/achievement/${award.id}`, { achievement_id: second!.id, detail: '' });
    expect(edited.json().data).toMatchObject({ id: award.id, achievement: second!.title, detail: '' });
    expect((await coach.post(`/api/player/${pid}/achievement/${award.id}/delete`)).json().message).toBe(MSG.success);
    expect((await coach.post(`/api/player/${pid}/achievement/${award.id}/delete`)).statusCode).toBe(404);
  });

  it('name required, unknown catalogue item refused, IDOR, player reads own', async () => {
    const missing = await coach.post(`/api/player/${ids.ownPlayer}/achievements`, { detail: 'x' });
    expect(missing.json()).toEqual({ message: MSG.required, field: 'achievement_id' });
    const unknown = await coach.post(`/api/player/${ids.ownPlayer}/achievements`, { achievement_id: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('achievement_id');
    expect((await coach.post(`/api/player/${ids.otherPlayer}/achievements`, { achievement_id: catalogue[0]!.id })).statusCode).toBe(403);
    expect((await coach.get(`/api/player/${ids.otherPlayer}/achievements`)).statusCode).toBe(403);
    const theirs = (await admin.post(`/api/player/${ids.otherPlayer}/achievements`, { achievement_id: catalogue[0]!.id })).json().data;
    expect(
      (await coach.post(`/api/player/${ids.otherPlayer}/achievement/${theirs.id}`, { achievement_id: catalogue[0]!.id })).statusCode,
    ).toBe(403);
    expect(
      (await admin.post(`/api/player/${ids.ownPlayer}/achievement/${theirs.id}`, { achievement_id: catalogue[0]!.id })).statusCode,
    ).toBe(404);
    expect((await player.get(`/api/player/${ids.linkedPlayer}/achievements`)).statusCode).toBe(200);
    expect((await player.get(`/api/player/${ids.linkedPlayer}}/achievements`)).statusCode).toBe(200);
    expect((await player.post(`/api/player/${ids.linkedPlayer}/achievements`, { achievement_id: catalogue[0]!.id })).statusCode).toBe(403);
    expect((await t.anon.get(`/api/player/${ids.linkedPlayer}/achievements`)).statusCode).toBe(401);
  });
});

describe('analysis', () => {
  const url = (id: number) => `/api/player/${id}/analysis`;

  it('video links required; PDF checked by magic bytes', async () => {
    const none = await coach.upload(url(ids.ownPlayer), {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: MSG.required, field: 'video_links' });
    const badLink = await coach.upload(url(ids.ownPlayer), { video_links: 'javascript:alert(1)' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().field).toBe('video_links');
    const fake = await coach.upload(
      url(ids.ownPlayer),
      { video_links: 'https://vimeo.com/76979871' },
      { field: 'pdf', name: 'a.pdf', content: '<html>not a pdf</html>', type: 'application/pdf' },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ field: 'pdf', message: 'This file is not a PDF.' });
    const json = await coach.post(url(ids.ownPlayer), { video_links: ['https://vimeo.com/1'] });
    expect(json.statusCode).toBe(400);
  });

  it('refuses a PDF over 10 MB with a clear 400', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const res = await coach.upload(
      url(ids.ownPlayer),
      { video_links: 'https://vimeo.com/76979871' },
      { field: 'pdf', name: 'big.pdf', content: big, type: 'application/pdf' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'pdf', message: expect.stringMatching(/10 MB/) });
  });

  it('saves links and the PDF; the PDF downloads as Analysis.pdf for staff and the player', async () => {
    const res = await admin.upload(
      url(ids.linkedPlayer),
      { video_links: '["https://www.youtube.com/watch?v=abc","https://vimeo.com/76979871"]' },
      { field: 'pdf', name: 'plan.pdf', content: PDF, type: 'application/pdf' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.success);
    expect(res.json().data).toMatchObject({
      pdf: true,
      video_links: ['https://www.youtube.com/watch?v=abc', 'https://vimeo.com/76979871'],
    });
    for (const who of [admin, coach, player]) {
      const dl = await who.get(`${url(ids.linkedPlayer)}/pdf`);
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('application/pdf');
      expect(dl.headers['content-disposition']).toBe('attachment; filename="Analysis.pdf"');
      expect(dl.headers['x-content-type-options']).toBe('nosniff');
      expect(dl.rawPayload.equals(PDF)).toBe(true);
    }
    const keep = await admin.upload(url(ids.linkedPlayer), { video_links: 'https://vimeo.com/1' });
    expect(keep.json().data).toMatchObject({ pdf: true, video_links: ['https://vimeo.com/1'] });
    const removed = await admin.upload(url(ids.linkedPlayer), { video_links: 'https://vimeo.com/1', remove_pdf: '1' });
    expect(removed.json().data.pdf).toBe(false);
    expect((await admin.get(`${url(ids.linkedPlayer)}/pdf`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('files').select('id').where('mime', '=', 'application/pdf').execute()).toEqual([]);
  });

  it('401, 403 (player writes, coach of another team, other player reads), 404', async () => {
    expect((await t.anon.upload(url(ids.ownPlayer), { video_links: 'https://vimeo.com/1' })).statusCode).toBe(401);
    expect((await player.upload(url(ids.linkedPlayer), { video_links: 'https://vimeo.com/1' })).statusCode).toBe(403);
    expect((await coach.upload(url(ids.otherPlayer), { video_links: 'https://vimeo.com/1' })).statusCode).toBe(403);
    expect((await coach.get(`${url(ids.otherPlayer)}/pdf`)).statusCode).toBe(403);
    expect((await player.get(`${url(ids.otherPlayer)}/pdf`)).statusCode).toBe(403);
    expect((await t.anon.get(`${url(ids.ownPlayer)}/pdf`)).statusCode).toBe(401);
    expect((await admin.get(`${url(99999)}/pdf`)).statusCode).toBe(404);
    expect((await admin.upload(url(99999), { video_links: 'https://vimeo.com/1' })).statusCode).toBe(404);
  });
});
