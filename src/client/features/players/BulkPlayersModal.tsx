import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CSV_TEMPLATES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { CsvUpload } from '../../components/CsvUpload';
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
  const [file, setFile] = useState<File | null>(null);
  const [teamError, setTeamError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useBulkPlayers(setProgress);

  useEffect(() => {
    if (!opened) return;
    setTeam(teamId ? String(teamId) : null);
    setFile(null);
    setTeamError(null);
    setFileError(null);
    setProgress(null);
  }, [opened, teamId]);

  useEffect(() => {
    if (!teamError) return;
    const id = setTimeout(() => setTeamError(null), 5000);
    return () => clearTimeout(id);
  }, [teamError]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (teamRequired && !team) return setTeamError(MSG.required);
    if (!file) return setFileError(MSG.required);
    setFileError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, teamId: team });
      onClose();
    } catch (err) {
      // docs/product.md#errors: bulk failures show in the red 'Error:' box and clear the file.
      if (err instanceof ApiError && err.field === 'team_id') setTeamError(err.message);
      else setFileError(failureMessage(err));
      setFile(null);
    } finally {
      setProgress(null);
    }
  };

  return (
    <FormModal opened={opened} onClose={onClose} title="Add Players in Bulk" size="lg" onSubmit={submit}>
      <Text size="sm" className={classes.muted}>
        One player per row. Columns: {CSV_TEMPLATES.players.join(', ')}. Dob is the year of birth (optional); PlayerEmail creates the player’s own sign-in (optional). Nothing is imported unless every row is valid.
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
      <CsvUpload
        file={file}
        onChange={(f) => {
          setFile(f);
          if (f) setFileError(null);
        }}
        error={fileError}
        progress={progress}
        template={{ columns: CSV_TEMPLATES.players, filename: 'players-template.csv' }}
      />
      <FormActions onCancel={onClose} busy={progress !== null} label="Upload" />
    </FormModal>
  );
}
