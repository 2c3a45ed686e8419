import { Anchor, Select, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link } from 'react-router';
import { playerAchievementSaveSchema, type PlayerAchievement } from '../../../shared/schemas/player-achievement';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { useFormOnOpen } from '../../lib/useFormOnOpen';
import { useTimedErrors } from '../../lib/useTimedErrors';
import { catalogueQuery, useSaveAchievement } from './api';
import classes from './players.module.css';

interface Props {
  playerId: number;
  award: PlayerAchievement | null;
  opened: boolean;
  onClose: () => void;
}

/** Add / edit an achievement: a title from the catalogue (required) and a detail. */
export function AchievementModal({ playerId, award, opened, onClose }: Props) {
  const { data: me } = useMe();
  const catalogue = useQuery({ ...catalogueQuery, enabled: opened });
  const initial = () => ({ achievement_id: award ? String(award.achievement_id) : '', detail: award?.detail ?? '' });
  const form = useForm({ initialValues: initial(), validate: zod4Resolver(playerAchievementSaveSchema) });
  useTimedErrors(form);
  useFormOnOpen(form, opened, initial, [award]);
  const save = useSaveAchievement(playerId, award?.id ?? null);
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (e) {
      const message = failureMessage(e);
      form.setErrors(e instanceof ApiError && e.field === 'detail' ? { detail: message } : { achievement_id: message });
    }
  });
  const { error: _titleTip, ...title } = form.getInputProps('achievement_id');
  const { error: _detailTip, ...detail } = form.getInputProps('detail');
  const empty = catalogue.isSuccess && catalogue.data.length === 0;
  return (
    <FormModal opened={opened} onClose={onClose} title={award ? 'Edit Achievement' : 'Add Achievement'} onSubmit={submit}>
      <ErrorTip error={form.errors.achievement_id}>
        <Select
          label="Achievement"
          placeholder="Choose an achievement"
          withAsterisk
          data={(catalogue.data ?? []).map((a) => ({ value: String(a.id), label: a.title }))}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No achievements"
          comboboxProps={{ withinPortal: true }}
          {...title}
          error={!!form.errors.achievement_id}
        />
      </ErrorTip>
      {empty ? (
        <Text size="sm" className={classes.muted}>
          The achievement catalogue is empty.{' '}
          {me?.admin ? (
            <Anchor component={Link} to="/app/settings">
              Add achievements in Settings
            </Anchor>
          ) : (
            'Ask an administrator to add achievements in Settings.'
          )}
        </Text>
      ) : null}
      <ErrorTip error={form.errors.detail}>
        <Textarea label="Detail" autosize minRows={3} maxRows={8} {...detail} error={!!form.errors.detail} />
      </ErrorTip>
      <FormActions onCancel={onClose} busy={save.isPending} />
    </FormModal>
  );
}
