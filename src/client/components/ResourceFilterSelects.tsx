import { Group, Select, type MantineSpacing } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import type { ResourceFacets } from '../../shared/schemas/resource';

export interface ResourceFilterValue {
  kind: 'category' | 'tag';
  /** '' = all. */
  value: string;
}

const KINDS = [
  { value: 'category', label: 'Categories' },
  { value: 'tag', label: 'Tags' },
];
const ALL = { category: 'All Categories', tag: 'All Tags' } as const;

interface Props {
  filter: ResourceFilterValue;
  setFilter: Dispatch<SetStateAction<ResourceFilterValue>>;
  facets: ResourceFacets | undefined;
  /** The widths of the kind select and of the value select. */
  widths: [number, number];
  searchable?: boolean;
  mb?: MantineSpacing;
}

/** The resource lists' filter (staff and player area): by category or by tag, then which one, 'All …' first. */
export function ResourceFilterSelects({ filter, setFilter, facets, widths, searchable, mb }: Props) {
  const values = filter.kind === 'category' ? (facets?.categories ?? []) : (facets?.tags ?? []);
  return (
    <Group gap="sm" mb={mb} align="flex-end" wrap="wrap">
      <Select
        label="Filter by"
        data={KINDS}
        value={filter.kind}
        allowDeselect={false}
        onChange={(v) => v && setFilter({ kind: v as ResourceFilterValue['kind'], value: '' })}
        w={widths[0]}
      />
      <Select
        aria-label={filter.kind === 'category' ? 'Category' : 'Tag'}
        data={[{ value: '', label: ALL[filter.kind] }, ...values.map((v) => ({ value: v, label: v }))]}
        value={filter.value}
        allowDeselect={false}
        searchable={searchable}
        onChange={(v) => setFilter((f) => ({ ...f, value: v ?? '' }))}
        w={widths[1]}
        maw="100%"
      />
    </Group>
  );
}
