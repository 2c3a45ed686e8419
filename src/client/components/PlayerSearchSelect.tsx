import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { playerSearchQuery } from './api';

type Props = Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'searchable'> & {
  value: number[];
  onChange: (ids: number[]) => void;
};

/**
 * Picks players by name: the server searches as one types (two letters or more), and players already
 * picked keep their names while the list shows another search's matches.
 */
export function PlayerSearchSelect({ value, onChange, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useQuery(playerSearchQuery(q));
  const labels = useRef(new Map<string, string>());
  for (const p of found.data ?? [])
    labels.current.set(String(p.id), `${p.first_name} ${p.last_name}${p.dob ? ` (${p.dob})` : ''}${p.teamName ? ` · ${p.teamName}` : ''}`);
  const picked = value.map(String);
  const ids = new Set([...picked, ...(found.data ?? []).map((p) => String(p.id))]);
  const data = [...ids].map((id) => ({ value: id, label: labels.current.get(id) ?? `Player ${id}` }));
  const waiting = search.trim().length >= 2 && (q !== search.trim() || found.isFetching);
  return (
    <MultiSelect
      searchable
      clearable
      data={data}
      value={picked}
      onChange={(v) => onChange(v.map(Number))}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={search.trim().length < 2 ? 'Type two letters or more' : waiting ? 'Searching…' : 'No player found'}
      {...props}
    />
  );
}
