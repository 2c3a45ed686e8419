import { z } from 'zod';
import { MSG } from '../messages.js';
import { requiredId, requiredText } from './common.js';

/** docs/product.md#data "Resource". `access` holds role ids, `access_names` their titles, `date` YYYY-MM-DD. */
export const resourceSchema = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  video_links: z.array(z.string()),
  document_links: z.array(z.string()),
  tags: z.array(z.string()),
  access: z.array(z.number()),
  access_names: z.array(z.string()),
  date: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceRoleSchema = z.object({ id: z.number(), title: z.string() });
export type ResourceRole = z.infer<typeof resourceRoleSchema>;

export const resourceFacetsSchema = z.object({ categories: z.array(z.string()), tags: z.array(z.string()) });
export type ResourceFacets = z.infer<typeof resourceFacetsSchema>;

export const resourceQuerySchema = z.object({
  category: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(50).optional(),
  /** docs/product.md#api sends it; identity always comes from the session, so it is accepted and ignored. */
  auth_role: z.string().optional(),
});

export const RESOURCE_TITLE_MAX = 200;
export const RESOURCE_CATEGORY_MAX = 100;
export const RESOURCE_TAG_MAX = 50;
export const RESOURCE_LINKS_MAX = 20;

/** docs/product.md#errors's alert text without its 'Error: ' prefix: the page adds the prefix when it shows the alert. */
export const RESOURCE_LINKS_MESSAGE = MSG.resourceLinks.replace(/^Error: /, '');
export const INVALID_LINK = 'Please enter a valid http(s) link.';

const isHttpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

const entries = (max: number, limit: number) =>
  z
    .array(
      z
        .string()
        .trim()
        .max(max, { error: `At most ${max} characters.` }),
    )
    .max(limit)
    .default([]);

const nonEmpty = (list: string[]) => list.filter((v) => v !== '');
const unique = (list: string[]) => [...new Set(list)];

/**
 * POST /api/resources and /api/resources/{id} (docs/product.md#validation): title, category and the first tag are
 * required; the first video link or the first document link must be filled; every link is http(s).
 * Form rows left empty are dropped. The form and the API share this schema.
 */
export const resourceSaveSchema = z
  .object({
    title: requiredText(RESOURCE_TITLE_MAX),
    category: requiredText(RESOURCE_CATEGORY_MAX),
    video_links: entries(2000, RESOURCE_LINKS_MAX),
    document_links: entries(2000, RESOURCE_LINKS_MAX),
    tags: entries(RESOURCE_TAG_MAX, RESOURCE_LINKS_MAX),
    access: z.array(requiredId).max(200).default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.tags[0]) ctx.addIssue({ code: 'custom', path: ['tags', 0], message: MSG.required });
    if (!v.video_links[0] && !v.document_links[0]) ctx.addIssue({ code: 'custom', path: ['links'], message: RESOURCE_LINKS_MESSAGE });
    for (const key of ['video_links', 'document_links'] as const) {
      v[key].forEach((link, i) => {
        if (link !== '' && !isHttpUrl(link)) ctx.addIssue({ code: 'custom', path: [key, i], message: INVALID_LINK });
      });
    }
  })
  .transform((v) => ({
    ...v,
    video_links: unique(nonEmpty(v.video_links)),
    document_links: unique(nonEmpty(v.document_links)),
    tags: unique(nonEmpty(v.tags)),
    access: unique(v.access.map(String)).map(Number),
  }));
export type ResourceSaveInput = z.input<typeof resourceSaveSchema>;
export type ResourceSave = z.output<typeof resourceSaveSchema>;

/** Link preview (docs/product.md#data): the card falls back to the host link when success is false. */
export const linkPreviewSchema = z.object({
  success: z.boolean(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

export const linkPreviewQuerySchema = z.object({ url: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(2000) });

/** Criterion videos for the player area's video modal (players may lack criteria permission). */
export const criterionVideosSchema = z.object({ id: z.number(), criteria: z.string(), video_links: z.array(z.string()) });
export type CriterionVideos = z.infer<typeof criterionVideosSchema>;
