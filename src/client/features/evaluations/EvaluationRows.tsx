import { Accordion, Paper, Stack, Text } from '@mantine/core';
import type { Evaluation } from '../../../shared/schemas/evaluation';
import { formatPercent } from '../../../shared/scoring';
import table from '../../components/AccordionTable.module.css';
import { EditDeleteButtons } from '../../components/EditDeleteButtons';
import { EmptyState } from '../../components/EmptyState';
import { VideoEmbed } from '../../components/VideoEmbed';
import classes from './evaluations.module.css';

interface Props {
  evaluations: Evaluation[];
  canWrite: boolean;
  onEdit: (e: Evaluation) => void;
  onDelete: (e: Evaluation) => void;
  label: string;
}

/** docs/product.md#screens: an accordion table (Criteria, Score, Evaluator, Date); rows expand to notes and video. */
export function EvaluationRows({ evaluations, canWrite, onEdit, onDelete, label }: Props) {
  if (evaluations.length === 0) return <EmptyState />;
  return (
    <Paper withBorder radius="md" py="xs" aria-label={label} component="section" className={classes.columns}>
      <div className={`${table.row} ${table.head}`} aria-hidden>
        <span>Criteria</span>
        <span>Score</span>
        <span className={classes.wide}>Evaluator</span>
        <span>Date</span>
      </div>
      <Accordion chevronPosition="right">
        {evaluations.map((e) => (
          <Accordion.Item key={e.id} value={String(e.id)}>
            <Accordion.Control
              aria-label={`${e.criteria}, score ${e.scoreLabel}${e.measured ? ` (${e.measured.label})` : ''}, by ${e.evaluator_name || 'unknown'}, ${e.date}`}
            >
              <div className={table.row}>
                <Text fw={500} truncate>
                  {e.criteria}
                </Text>
                <Text fw={600}>{e.scoreLabel}</Text>
                <Text truncate className={classes.wide}>
                  {e.evaluator_name}
                </Text>
                <Text size="sm">{e.date}</Text>
              </div>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <Text size="sm" className={classes.muted}>
                  {e.level_name} · worth {formatPercent(e.score_percentage)}% · evaluated by {e.evaluator_name || 'unknown'}
                </Text>
                {e.measured ? (
                  <Text size="sm" data-testid="measured-label">
                    Measured: {e.measured.label}
                  </Text>
                ) : null}
                <div>
                  <Text size="sm" fw={600}>
                    Notes
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} className={e.notes ? undefined : classes.muted}>
                    {e.notes || 'No notes.'}
                  </Text>
                </div>
                <div>
                  <Text size="sm" fw={600} mb={4}>
                    Video
                  </Text>
                  {e.video_links.length ? (
                    e.video_links.map((link, i) => <VideoEmbed key={`${i}-${link}`} link={link} title={`${e.criteria} video ${i + 1}`} />)
                  ) : (
                    <Text size="sm" className={classes.muted}>
                      No video.
                    </Text>
                  )}
                </div>
                {canWrite ? <EditDeleteButtons onEdit={() => onEdit(e)} onDelete={() => onDelete(e)} /> : null}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Paper>
  );
}
