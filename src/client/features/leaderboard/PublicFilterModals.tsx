import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PUBLIC_PERIODS, type PublicPeriod } from '../../../shared/public-board';
import { Loading } from '../../components/Loading';
import { boardCriteriaQuery, type BoardFilter } from './api';

/**
 * The public boards' filters: a whole level and a fixed period, the set the server keeps ready
 * (docs/product.md#public-leaderboard). No date pickers, so the public download stays small.
 */

function Choice({
  title,
  label,
  options,
  initial,
  onClose,
  onSave,
}: {
  title: string;
  label: string;
  options: { value: string; label: string }[];
  initial: string;
  onClose: () => void;
  onSave: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Radio.Group label={label} value={value} onChange={setValue}>
          <Stack gap="xs" mt="xs">
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onSave(value)}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function PublicLevelModal({
  value,
  onClose,
  onSave,
}: {
  value: BoardFilter;
  onClose: () => void;
  onSave: (level: BoardFilter['level']) => void;
}) {
  const { data: levels, isPending, error } = useQuery(boardCriteriaQuery(true));
  if (isPending || error) {
    return (
      <Modal opened onClose={onClose} title="Filter by criteria" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {error ? <Text c="red">{error.message}</Text> : <Loading />}
      </Modal>
    );
  }
  const options = [
    { value: '', label: 'All criteria' },
    ...levels.filter((l) => l.criteria.length > 0).map((l) => ({ value: String(l.id), label: l.name })),
  ];
  return (
    <Choice
      title="Filter by criteria"
      label="Level"
      options={options}
      initial={value.level ? String(value.level.id) : ''}
      onClose={onClose}
      onSave={(id) => {
        const level = levels.find((l) => String(l.id) === id);
        onSave(level ? { id: level.id, name: level.name } : undefined);
      }}
    />
  );
}

export function PublicPeriodModal({
  value,
  onClose,
  onSave,
}: {
  value: BoardFilter;
  onClose: () => void;
  onSave: (period: PublicPeriod) => void;
}) {
  const options = Object.entries(PUBLIC_PERIODS).map(([key, label]) => ({ value: key, label }));
  return (
    <Choice
      title="Evaluation period"
      label="Period"
      options={options}
      initial={value.period ?? 'all'}
      onClose={onClose}
      onSave={(p) => onSave(p as PublicPeriod)}
    />
  );
}
