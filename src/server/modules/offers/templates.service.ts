import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import {
  TEMPLATE_KEYS,
  TEMPLATE_PLACEHOLDERS,
  type MessageTemplate,
  type TemplateKey,
  type TemplateUpdate,
} from '../../../shared/schemas/offer.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './offers.repository.js';

type Db = Kysely<DB>;

/** What a club gets until it edits a template (no row in message_templates yet). */
export const DEFAULT_TEMPLATES: Record<TemplateKey, { subject: string; body: string }> = {
  offer: {
    subject: 'A place in {team} for {player}',
    body: [
      'Hello,',
      '',
      'The club offers {player} a place in {team} for the coming season.',
      'Please accept or decline by {deadline} with this link (it works once, no sign-in needed):',
      '',
      '{link}',
      '',
      'If there is no answer by then, the place goes to the next player on the waiting list.',
    ].join('\n'),
  },
  promotion_notice: {
    subject: '{team}: {previous} {outcome}, place offered to {player}',
    body: [
      'Hello,',
      '',
      'In the draft "{draft}", {previous} {outcome} the place in {team}.',
      'The place has been offered to {player}, the next player on the waiting list, with a deadline of {deadline}.',
    ].join('\n'),
  },
};

export async function list(db: Db): Promise<MessageTemplate[]> {
  const rows = await repo.templates(db);
  return TEMPLATE_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    return {
      key,
      subject: row?.subject ?? DEFAULT_TEMPLATES[key].subject,
      body: row?.body ?? DEFAULT_TEMPLATES[key].body,
      placeholders: [...TEMPLATE_PLACEHOLDERS[key]],
      updated_at: row?.updated_at ?? null,
    };
  });
}

export async function template(db: Db, key: TemplateKey): Promise<{ subject: string; body: string }> {
  return (await list(db)).find((t) => t.key === key)!;
}

export const templateMessages = {
  linkInBody: 'The offer e-mail must contain {link}: the answer link.',
  linkInSubject: 'Put {link} in the text, not the subject: the answer link is a secret, and a subject is stored and shown in clear.',
} as const;

/**
 * An offer without its link could not be answered, so the offer template must keep {link}; and only
 * in the body, which the outbox seals: a subject is kept and shown as written (docs/product.md#offers).
 */
export async function save(db: Db, actor: Actor, key: TemplateKey, input: TemplateUpdate): Promise<MessageTemplate> {
  if (input.subject.includes('{link}')) throw badRequest(templateMessages.linkInSubject, 'subject');
  if (key === 'offer' && !input.body.includes('{link}')) throw badRequest(templateMessages.linkInBody, 'body');
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await repo.saveTemplate(trx, { key, subject: input.subject, body: input.body, updated_by: actor.id, updated_at: at });
    await recordAudit(trx, actor, 'template', 'message_template', null, `edited the ${key} template`);
  });
  return (await list(db)).find((t) => t.key === key)!;
}

/** Fills {placeholders}; unknown ones stay as written, so a typo shows in the e-mail instead of vanishing. */
export function render(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
