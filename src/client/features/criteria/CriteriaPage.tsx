import { Accordion, Alert, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import { criteriaTotal, formatPercent, roundPercent } from '../../../shared/scoring';
import type { Criterion } from '../../../shared/schemas/criterion';
import table from '../../components/AccordionTable.module.css';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { QueryView } from '../../components/QueryView';
import { PageHeader } from '../../components/PageHeader';
import { VideoEmbed } from '../../components/VideoEmbed';
import { useCan } from '../../lib/auth';
import { useFilterSpinner } from '../../lib/useFilterSpinner';
import { criteriaQuery, levelsQuery } from './api';
import classes from './criteria.module.css';
import { CriterionFormModal } from './CriterionFormModal';
import { measureSummary } from './measure-form';
import { DeleteCriterionModal } from './DeleteCriterionModal';

/**
 * docs/product.md#data: the catalogue's weights sum to 100, whichever level is filtered; any other total
 * is a warning with what to change (a weight is fixed once its criterion exists).
 */
function WeightsWarning({ criteria }: { criteria: readonly Criterion[] | undefined }) {
  if (!criteria?.length) return null;
  const total = roundPercent(criteriaTotal(criteria));
  if (total === 100) return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={MSG.weightsTotalTitle(formatPercent(total))}
      data-testid="weights-warning"
    >
      {total > 100 ? MSG.weightsOver(formatPercent(total - 100)) : MSG.weightsUnder(formatPercent(100 - total))}
    </Alert>
  );
}

type Dialog = { kind: 'form'; criterion: Criterion | null } | { kind: 'delete'; criterion: Criterion } | null;

function CriterionDetails({
  c,
  canWrite,
  onEdit,
  onDelete,
}: {
  c: Criterion;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={600}>
          Description
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} className={c.description ? undefined : classes.muted}>
          {c.description || 'No description.'}
        </Text>
      </div>
      {c.measure ? (
        <div>
          <Text size="sm" fw={600}>
            Measured test
          </Text>
          <Text size="sm" data-testid="measure-summary">
            {measureSummary(c.measure)}
          </Text>
        </div>
      ) : null}
      <div>
        <Text size="sm" fw={600} mb={4}>
          Videos
        </Text>
        {c.video_links.length ? (
          <Stack gap="sm">
            {c.video_links.map((link, i) => (
              <VideoEmbed key={`${i}-${link}`} link={link} title={`${c.criteria} video ${i + 1}`} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" className={classes.muted}>
            No videos.
          </Text>
        )}
      </div>
      {canWrite ? <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} /> : null}
    </Stack>
  );
}

export default function CriteriaPage() {
  const can = useCan();
  const canWrite = can('criteria', 2);
  const [level, setLevel] = useState<string>('');
  const spinning = useFilterSpinner(level);
  const levels = useQuery(levelsQuery);
  const criteria = useQuery(criteriaQuery(level ? Number(level) : null));
  // The whole catalogue, for the warning: the same query as 'All Levels', so no second request then.
  const catalogue = useQuery(criteriaQuery(null));
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = criteria.data ?? [];

  return (
    <Stack gap="md">
      <PageHeader title="Shooting Criteria">
        {canWrite ? (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'form', criterion: null })}>
            Add New Criteria
          </Button>
        ) : null}
      </PageHeader>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Filter by"
          data={[{ value: '', label: 'All Levels' }, ...(levels.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))]}
          value={level}
          onChange={(v) => setLevel(v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
          comboboxProps={{ withinPortal: true }}
        />
        {!spinning && criteria.data ? (
          <Paper withBorder px="md" py={6} radius="md" aria-live="polite">
            <Text size="sm">
              Total:{' '}
              <Text component="span" fw={700}>
                {formatPercent(criteriaTotal(list))}%
              </Text>
            </Text>
          </Paper>
        ) : null}
      </Group>
      <WeightsWarning criteria={catalogue.data} />

      <QueryView query={criteria} busy={spinning} noun="criteria" isEmpty={() => list.length === 0}>
        {() => (
          <Paper withBorder radius="md" py="xs" className={classes.columns}>
            <div className={`${table.row} ${table.head}`} aria-hidden>
              <span>Criteria</span>
              <span>Score</span>
              <span>Level</span>
            </div>
            <Accordion chevronPosition="right" variant="default">
              {list.map((c) => (
                <Accordion.Item key={c.id} value={String(c.id)}>
                  <Accordion.Control aria-label={`${c.criteria}, score ${formatPercent(c.score)}%, level ${c.level_name}`}>
                    <div className={table.row}>
                      <Text fw={500} truncate>
                        {c.criteria}
                      </Text>
                      <Text>{formatPercent(c.score)}%</Text>
                      <Badge variant="light" radius="sm" style={{ justifySelf: 'start', maxWidth: '100%' }}>
                        {c.level_name}
                      </Badge>
                    </div>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <CriterionDetails
                      c={c}
                      canWrite={canWrite}
                      onEdit={() => setDialog({ kind: 'form', criterion: c })}
                      onDelete={() => setDialog({ kind: 'delete', criterion: c })}
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Paper>
        )}
      </QueryView>

      <CriterionFormModal
        opened={dialog?.kind === 'form'}
        onClose={() => setDialog(null)}
        criterion={dialog?.kind === 'form' ? dialog.criterion : null}
      />
      {dialog?.kind === 'delete' ? <DeleteCriterionModal criterion={dialog.criterion} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
