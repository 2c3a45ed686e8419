import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOutboxKey, PREFIX, unseal } from '../../mail/outbox-seal.js';
import { dayOffset, nowIso } from '../../lib/time.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { finalisedDraft, offerToken } from './offers.fixtures.js';
import { templateMessages } from './templates.service.js';

/**
 * The offer link is a secret: the outbox seals a mail's text, never its subject, so the link may
 * only go in the text (docs/product.md#offers).
 */
let t: TestApp, admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
}, 60_000);
afterAll(() => t.close());

describe('offer templates and the answer link', () => {
  it('refuses {link} in a subject, with why', async () => {
    for (const key of ['offer', 'promotion_notice']) {
      const res = await admin.post(`/api/message-template/${key}`, { subject: 'Your answer: {link}', body: 'Answer with {link}' });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ message: templateMessages.linkInSubject, field: 'subject' });
    }
    const stored = await t.db.selectFrom('message_templates').select('subject').execute();
    expect(stored.filter((r) => r.subject.includes('{link}'))).toEqual([]);
  });

  it('never writes the live link into an outbox subject, even from a template saved before the rule', async () => {
    await t.db.deleteFrom('message_templates').where('key', '=', 'offer').execute();
    await t.db
      .insertInto('message_templates')
      .values({
        key: 'offer',
        subject: 'Answer here: {link} ({player})',
        body: 'Hello, answer with {link}',
        updated_by: null,
        updated_at: nowIso(),
      })
      .execute();
    const d = await finalisedDraft(t.db, { selected: 1, waitlisted: 0 });
    const deadline = dayOffset(14);
    const preview = (await admin.post(`/api/draft/${d.draftId}/offers/preview`, { deadline })).json().data;
    const sent = await admin.post(`/api/draft/${d.draftId}/offers`, { deadline, confirmation: preview.confirmation });
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text'])
      .where('subject', 'like', 'Answer here:%')
      .execute();
    expect(mails.length).toBe(preview.recipients);
    for (const m of mails) {
      expect(m.subject).not.toMatch(/token=|offer\?/);
      expect(m.subject).toMatch(/^Answer here: \{link\} \(\S+\)$/);
      expect(m.text.startsWith(PREFIX)).toBe(true);
    }
    // The sealed text carries the working link.
    const token = offerToken(unseal(loadOutboxKey(t.app.config), mails[0]!.to_address, mails[0]!.text));
    expect((await t.anon.post('/api/offer-link', { token })).statusCode).toBe(200);
  });
});
