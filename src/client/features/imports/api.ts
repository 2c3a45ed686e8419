import { queryOptions } from '@tanstack/react-query';
import {
  IMPORT_TEMPLATES,
  type ImportCounts,
  type ImportHistoryItem,
  type ImportKind,
  type ImportMapping,
  type ImportPlan,
  type ValidateBody,
} from '../../../shared/schemas/import';
import type { TeamOption } from '../../../shared/schemas/player';
import { apiGet, apiPost, apiUpload, type Envelope, type WriteEnvelope } from '../../lib/api';

/** The import wizard's calls (docs/decisions/0021-imports.md). */

export interface Uploaded {
  id: number;
  file_name: string;
  headers: string[];
  sample: string[][];
  row_count: number;
  mapping: ImportMapping;
  remembered: boolean;
}

/** The teams the new players may join (the players feature reads the same list under the same key). */
export const teamOptionsQuery = queryOptions({
  queryKey: ['players', 'team-options'],
  queryFn: ({ signal }) => apiGet<Envelope<TeamOption[]>>('/api/players/team-options', signal).then((r) => r.data),
  staleTime: 60_000,
});

export const importHistoryQuery = (kind: ImportKind) =>
  queryOptions({
    queryKey: ['imports', kind, 'history'],
    queryFn: ({ signal }) => apiGet<Envelope<ImportHistoryItem[]>>(`/api/imports/${kind}/history`, signal).then((r) => r.data),
  });

export function uploadImport(kind: ImportKind, file: File): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<Envelope<Uploaded>>(`/api/imports/${kind}/upload`, form).then((r) => r.data);
}

/** A kind's template as a CSV data link: the header row its columns are suggested from, and an example. */
export function templateHref(kind: ImportKind): string {
  const cell = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const text = IMPORT_TEMPLATES[kind].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
  return `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
}

export const validateImport = (id: number, body: ValidateBody) =>
  apiPost<Envelope<ImportPlan>>(`/api/import/${id}/validate`, body).then((r) => r.data);

export const commitImport = (id: number, planHash: string) =>
  apiPost<WriteEnvelope<{ id: number; counts: ImportCounts; already: boolean }>>(`/api/import/${id}/commit`, { plan_hash: planHash });

export const undoImport = (id: number) =>
  apiPost<WriteEnvelope<{ removed: number; restored: number; kept: string[] }>>(`/api/import/${id}/undo`);
