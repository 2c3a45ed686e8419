import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CSV_TEMPLATES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { CsvUpload, useCsvUpload } from '../../components/CsvUpload';
import { ErrorTip } from '../../components/ErrorTip';
import { FormActions } from '../../components/FormActions';
import { FormModal } from '../../components/FormModal';
import { ApiError, failureMessage } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { teamOptionsQuery, useBulkPlayers } from './api';
import classes from './players.module.css';

interface Props {
  opened: boolean;
  onClose: () => void;
  teamId?: number;
}

/** Add Bulk (docs/product.md#validation): a .csv file, a team for users without teams write permission, all or nothing. */
export function BulkPlayersModal({ opened, onClose, teamId }: Props) {
  const can = useCan();
  const teamRequired = !can('teams', 2);
  const teams = useQuery({ ...teamOptionsQuery, enabled: opened });
  const [team, setTeam] = useState<string | null>(teamId ? String(teamId) : null);
  const [teamError, setTeamError] = useState<string | null>(null);
  const csv = useCsvUpload(opened);
  const upload = useBulkPlayers(csv.setProgress);

  useEffect(() => {
    if (!opened) return;
    setTeam(teamId ? String(teamId) : null);
    setTeamError(null);
  }, [opened, teamId]);

  useEffect(() => {
    if (!teamError) return;
    const id = setTimeout(() => setTeamError(null), 5000);
    return () => clearTimeout(id);
  }, [teamError]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (teamRequired && !team) return setTeamError(MSG.required);
    if (!csv.file) return csv.setError(MSG.required);
    const sent = await csv.send(
      (file) => upload.mutateAsync({ file, teamId: team }),
      (err) => {
        if (!(err instanceof ApiError && err.field === 'team_id')) return failureMessage(err);
        setTeamError(err.message);
        return null;
      },
    );
    if (sent) onClose();
  };

  return (
    <FormModal opened={opened} onClose={onClose} title="Add Players in Bulk" size="lg" onSubmit={submit}>
      <Text size="sm" className={classes.muted}>
        One player per row. Columns: {CSV_TEMPLATES.players.join(', ')}. Dob is the year of birth (optional); PlayerEmail creates the
        player’s own sign-in (optional). Nothing is imported unless every row is valid.
      </Text>
      <ErrorTip error={teamError}>
        <Select
          label="Team"
          placeholder={teamRequired ? 'Choose one of your teams' : 'No team (optional)'}
          withAsterisk={teamRequired}
          data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (${t.category})` }))}
          value={team}
          onChange={setTeam}
          searchable
          clearable={!teamRequired}
          clearButtonProps={{ 'aria-label': 'Clear team' }}
          error={!!teamError}
          comboboxProps={{ withinPortal: true }}
        />
      </ErrorTip>
      <CsvUpload {...csv.field} template={{ columns: CSV_TEMPLATES.players, filename: 'players-template.csv' }} />
      <FormActions onCancel={onClose} busy={csv.field.progress !== null} label="Upload" />
    </FormModal>
  );
}
