import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRTH_DATE_MESSAGES } from '../../../shared/schemas/player.js';
import { familyMessages } from '../../policies/family.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { familyLogin, familyOf } from './family.fixtures.js';

/** A guardian sets their child's birth date in the portal (docs/product.md#relative-age). */
let t: TestApp;
let admin: Client;
let family: Client;
let noResponsibility: Client;
const f = { child: 0, other: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const players = await t.db.selectFrom('players').select(['id', 'dob']).where('dob', 'is not', null).orderBy('id').limit(2).execute();
  [f.child, f.other] = players.map((p) => p.id) as [number, number];
  await familyOf(admin, 'birth.parent@example.org', [f.child]);
  family = await familyLogin(t, 'birth.parent@example.org');
  // A second guardian of the same child, without parental responsibility (a step-parent, say).
  const { links } = await familyOf(admin, 'birth.step@example.org', [f.child]);
  const flags = { relationship: 'other', is_primary: false, receives_reports: true, parental_responsibility: false };
  const edit = await admin.post(`/api/player/${f.child}/guardian/${links[0]}`, flags);
  if (edit.statusCode !== 200) throw new Error(edit.body);
  noResponsibility = await familyLogin(t, 'birth.step@example.org');
});
afterAll(() => t.close());

const url = (id = f.child) => `/api/family/player/${id}/birth-date`;

describe('POST /api/family/player/:id/birth-date', () => {
  it('401 without a guardian session (staff included), 404 for another family’s child', async () => {
    expect((await t.anon.post(url(), { birth_date: '2014-01-01' })).statusCode).toBe(401);
    expect((await admin.post(url(), { birth_date: '2014-01-01' })).statusCode).toBe(401);
    expect((await family.post(url(f.other), { birth_date: '' })).statusCode).toBe(404);
  });

  it('403 for a guardian without parental responsibility; the child view says who may', async () => {
    const res = await noResponsibility.post(url(), { birth_date: '' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(familyMessages.noResponsibilityBirthDate);
    expect((await noResponsibility.get(`/api/family/player/${f.child}`)).json().data.mayEditBirthDate).toBe(false);
    expect((await family.get(`/api/family/player/${f.child}`)).json().data.mayEditBirthDate).toBe(true);
  });

  it('400 for no real day and for a date in another year than the birth year', async () => {
    const bad = await family.post(url(), { birth_date: '2014-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: BIRTH_DATE_MESSAGES.format, field: 'birth_date' });
    const { dob } = await t.db.selectFrom('players').select('dob').where('id', '=', f.child).executeTakeFirstOrThrow();
    const other = await family.post(url(), { birth_date: `${dob! - 1}-06-01` });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: BIRTH_DATE_MESSAGES.year, field: 'birth_date' });
  });

  it('sets, corrects and clears the date, audited under the guardian', async () => {
    const { dob } = await t.db.selectFrom('players').select('dob').where('id', '=', f.child).executeTakeFirstOrThrow();
    const set = await family.post(url(), { birth_date: `${dob}-03-04` });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ dob, birth_date: `${dob}-03-04` });
    expect((await family.post(url(), { birth_date: `${dob}-03-05` })).json().data.birth_date).toBe(`${dob}-03-05`);
    expect((await admin.get(`/api/player/${f.child}`)).json().data.birth_date).toBe(`${dob}-03-05`);
    const view = (await family.get(`/api/family/player/${f.child}`)).json().data;
    expect(view).toMatchObject({ birthYear: dob, birthDate: `${dob}-03-05` });
    expect((await family.post(url(), { birth_date: '' })).json().data).toEqual({ dob, birth_date: null });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'player')
      .where('entity_id', '=', f.child)
      .execute();
    expect(audit.filter((a) => /by a guardian/.test(a.summary ?? ''))).toHaveLength(3);
  });
});
