import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CSV_TEMPLATES } from '../../shared/constants';
import { useMe } from '../lib/auth';
import { useBulkEvaluation } from './api';
import { CsvUpload, useCsvUpload } from './CsvUpload';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** One player's evaluation page: rows apply to this player. Without it, rows name their players. */
  playerId?: number;
  playerName?: string;
}

/**
 * Bulk Evaluation by CSV (docs/product.md#api: /api/players/evaluation/bulk {bulkFile, evaluator}, or
 * /api/player/{id}/evaluation/bulk). All-or-nothing on the server; its row errors show in the red box.
 */
export function BulkEvaluationModal({ opened, onClose, playerId, playerName }: Props) {
  const { data: me } = useMe();
  const [evaluator, setEvaluator] = useState('');
  const csv = useCsvUpload(opened);
  const upload = useBulkEvaluation(playerId, csv.setProgress);

  useEffect(() => {
    if (opened) setEvaluator(me ? `${me.first_name} ${me.last_name}` : '');
  }, [opened, me]);

  const submit = async () => {
    if (!csv.file) return csv.setError('Please choose a CSV file.');
    if (await csv.send((file) => upload.mutateAsync({ file, evaluator }))) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={playerName ? `Bulk Evaluation – ${playerName}` : 'Bulk Evaluation'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm" style={{ color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' }}>
          {playerId
            ? 'One row per criteria: Level, Criteria and Score (1–10, or Yes/No). The player columns may stay empty.'
            : 'One row per player and criteria. Players are matched by first name, last name and parent’s email; criteria by level and name.'}{' '}
          Nothing is saved unless every row is correct.
        </Text>
        <TextInput label="Evaluator" value={evaluator} onChange={(e) => setEvaluator(e.currentTarget.value)} />
        <CsvUpload {...csv.field} template={{ columns: CSV_TEMPLATES.evaluation, filename: 'evaluation-template.csv' }} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={upload.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
