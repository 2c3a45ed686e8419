import '@mantine/dates/styles.css';
import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DEFAULT_PERIOD_FROM, DEFAULT_PERIOD_TO } from '../../../shared/constants';
import { Loading } from '../../components/Loading';
import { boardCriteriaQuery, type BoardFilter } from './api';

/**
 * The leaderboard's filter modals (docs/product.md#screens): criteria (level, then criteria) and evaluation period
 * (from, to). Loaded lazily: @mantine/dates stays out of the boards' first download.
 */

export function CriteriaModal({
  publicMode,
  value,
  onClose,
  onSave,
}: {
  publicMode: boolean;
  value: BoardFilter;
  onClose: () => void;
  onSave: (criteria: number[]) => void;
}) {
  const { data: levels, isPending, error } = useQuery(boardCriteriaQuery(publicMode));
  const selectedLevel = levels?.find((l) => l.criteria.some((c) => value.criteria?.includes(c.id)));
  const [levelId, setLevelId] = useState<string | null>(selectedLevel ? String(selectedLevel.id) : null);
  const [criteria, setCriteria] = useState<string[]>((value.criteria ?? []).map(String));
  const level = levels?.find((l) => String(l.id) === (levelId ?? (selectedLevel ? String(selectedLevel.id) : null)));
  return (
    <Modal opened onClose={onClose} title="Filter by criteria" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {isPending ? (
        <Loading />
      ) : error ? (
        <Text c="red">{error.message}</Text>
      ) : (
        <Stack>
          <Select
            label="Level"
            placeholder="Choose a level"
            data={(levels ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={level ? String(level.id) : null}
            onChange={(v) => {
              setLevelId(v);
              setCriteria([]);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label="Criteria"
            placeholder={level ? 'All criteria of this level' : 'Choose a level first'}
            disabled={!level}
            data={(level?.criteria ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={criteria}
            onChange={setCriteria}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'Clear criteria' }}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!level}
              onClick={() => onSave(criteria.length ? criteria.map(Number) : (level?.criteria ?? []).map((c) => c.id))}
            >
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Shared by From and To: clearable, named calendar controls (axe), ISO display. */
const DATE_INPUT = {
  clearable: true,
  clearButtonProps: { 'aria-label': 'Clear date' },
  previousLabel: 'Previous month',
  nextLabel: 'Next month',
  valueFormat: 'YYYY-MM-DD',
  popoverProps: { withinPortal: true },
} as const;

const toDate = (s: string | undefined, fallback: string) => (s && s !== fallback ? s : null);

export function PeriodModal({
  value,
  onClose,
  onSave,
}: {
  value: BoardFilter;
  onClose: () => void;
  onSave: (period: { from?: string; to?: string }) => void;
}) {
  const [from, setFrom] = useState<string | null>(toDate(value.from, DEFAULT_PERIOD_FROM));
  const [to, setTo] = useState<string | null>(toDate(value.to, DEFAULT_PERIOD_TO));
  const invalid = !!from && !!to && from > to;
  return (
    <Modal opened onClose={onClose} title="Evaluation period" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <DatePickerInput label="From" placeholder="Earliest" value={from} onChange={setFrom} {...DATE_INPUT} maxDate={to ?? undefined} />
        <DatePickerInput
          label="To"
          placeholder="Latest"
          value={to}
          onChange={setTo}
          {...DATE_INPUT}
          minDate={from ?? undefined}
          error={invalid ? 'The end must not be before the start.' : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={invalid}
            onClick={() =>
              onSave({ ...(from ? { from: dayjs(from).format('YYYY-MM-DD') } : {}), ...(to ? { to: dayjs(to).format('YYYY-MM-DD') } : {}) })
            }
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
