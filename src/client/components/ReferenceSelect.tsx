import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { categoriesQuery, seasonsQuery } from '../lib/reference';

type Props = Omit<SelectProps, 'data'>;

/** Clubs or seasons as Select options, the id as the value. */
export const referenceOptions = (list: { id: number; name: string }[] | undefined) =>
  (list ?? []).map((x) => ({ value: String(x.id), label: x.name }));

/** A club picker over the shared clubs list. */
export function ClubSelect(props: Props) {
  const clubs = useQuery(categoriesQuery);
  return <Select label="Club" nothingFoundMessage="No clubs yet" data={referenceOptions(clubs.data)} {...props} />;
}

/** A season picker over the shared seasons list. */
export function SeasonSelect(props: Props) {
  const seasons = useQuery(seasonsQuery);
  return <Select label="Season" nothingFoundMessage="No seasons yet" data={referenceOptions(seasons.data)} {...props} />;
}
