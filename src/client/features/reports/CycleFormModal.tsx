import { MultiSelect, Switch, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Cycle } from '../../../shared/schemas/report';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { SeasonSelect } from '../../components/ReferenceSelect';
import { ApiError, failureMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { saveCycle, teamOptionsQuery } from './api';

interface Values {
  name: string;
  season_id: string;
  team_ids: string[];
  opens_on: string;
  closes_on: string;
  show_team_average: boolean;
  show_rank: boolean;
}

const blank: Values = { name: '', season_id: '', team_ids: [], opens_on: '', closes_on: '', show_team_average: false, show_rank: false };
const valuesOf = (c: Cycle | null): Values =>
  c
    ? {
        name: c.name,
        season_id: String(c.season.id),
        team_ids: c.teams.map((t) => String(t.id)),
        opens_on: c.opens_on,
        closes_on: c.closes_on,
        show_team_average: c.show_team_average,
        show_rank: c.show_rank,
      }
    : blank;

/** New or edit cycle: a name, a season, its teams, the window of dates and whether reports show average and rank. */
export function CycleFormModal({ opened, onClose, cycle }: { opened: boolean; onClose: () => void; cycle: Cycle | null }) {
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const teams = useQuery({ ...teamOptionsQuery(), enabled: opened });
  const client = useQueryClient();
  useEffect(() => {
    if (opened) {
      setValues(valuesOf(cycle));
      setErrors({});
      setFailure(null);
    }
  }, [opened, cycle]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const res = await saveCycle(cycle?.id ?? null, {
        ...values,
        season_id: Number(values.season_id) || 0,
        team_ids: values.team_ids.map(Number),
      });
      notifySuccess(res.message);
      await client.invalidateQueries({ queryKey: ['reports'] });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.field && err.field in blank) setErrors({ [err.field]: err.message });
      else setFailure(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal opened={opened} onClose={onClose} title={cycle ? 'Edit cycle' : 'New evaluation cycle'} onSubmit={submit} failure={failure}>
      <TextInput
        label="Name"
        placeholder="Autumn 2026"
        required
        value={values.name}
        error={errors.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        data-autofocus
      />
      <SeasonSelect required value={values.season_id || null} error={errors.season_id} onChange={(v) => set('season_id', v ?? '')} />
      <MultiSelect
        label="Teams"
        required
        searchable
        data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        value={values.team_ids}
        error={errors.team_ids}
        onChange={(v) => set('team_ids', v)}
      />
      <TextInput
        label="Opens on"
        type="date"
        required
        value={values.opens_on}
        error={errors.opens_on}
        onChange={(e) => set('opens_on', e.currentTarget.value)}
      />
      <TextInput
        label="Closes on"
        description="Reports take the evaluations current on this day (inclusive)."
        type="date"
        required
        value={values.closes_on}
        error={errors.closes_on}
        onChange={(e) => set('closes_on', e.currentTarget.value)}
      />
      <Switch
        label="Show the team average in reports"
        checked={values.show_team_average}
        onChange={(e) => set('show_team_average', e.currentTarget.checked)}
      />
      <Switch
        label="Show the player's rank in the team"
        checked={values.show_rank}
        onChange={(e) => set('show_rank', e.currentTarget.checked)}
      />
      <FormActions onCancel={onClose} busy={busy} />
    </FormModal>
  );
}
