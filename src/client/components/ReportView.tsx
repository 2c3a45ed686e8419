import { ReportGoals } from './ReportGoals';
import { Anchor, Badge, Box, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReportRead } from '../../shared/schemas/report-delivery';
import { TryoutsSeen } from './TryoutsSeen';
import { spreadOf } from '../../shared/schemas/report-snapshot';
import { MeasuredNote, ProgressNote } from './ReportProgress';

const pct = (n: number | null) => (n === null ? 'Not evaluated' : `${Math.round(n)}%`);

/** A sent report, read from its frozen snapshot: one column, readable on a 375 px phone. */
export function ReportView({ report, pdfHref }: { report: ReportRead; pdfHref: string }) {
  const s = report.snapshot;
  return (
    <Stack gap="md" component="article" aria-labelledby="report-title">
      <div>
        <Title order={1} size="h2" id="report-title">
          {s.player.first_name} {s.player.last_name}
        </Title>
        <Text size="sm">
          {s.cycle.name} · {s.cycle.season} · {s.team.name}
        </Text>
        <Text size="xs" c="dimmed">
          Evaluated by {s.evaluated_by}, as of {s.cycle.closes_on}
        </Text>
      </div>
      <Group gap="xs" wrap="wrap">
        <Badge size="lg" variant="filled">
          Total {pct(s.total)}
        </Badge>
        {s.change !== null ? (
          <Badge size="lg" variant="light" color={s.change >= 0 ? 'green' : 'orange'}>
            {s.change > 0 ? '+' : ''}
            {Math.round(s.change)} since last report
          </Badge>
        ) : null}
        {s.team_average !== null ? <Badge variant="outline">Team average {pct(s.team_average)}</Badge> : null}
        {s.rank ? (
          <Badge variant="outline">
            Rank {s.rank.position} of {s.rank.of}
          </Badge>
        ) : null}
      </Group>
      {s.total_progress ? <ProgressNote progress={s.total_progress} of="total scores" prefix="Total since the last report" /> : null}
      <TryoutsSeen
        headingOrder={2}
        tryouts={s.tryouts.map((t) => ({ session: t.session, evaluators: t.evaluators, agreed: t.agreed_on }))}
      />
      <section aria-labelledby="report-comment">
        <Title order={2} size="h4" id="report-comment" mb={4}>
          Coach&apos;s comment
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{s.overall_comment}</Text>
      </section>
      <section aria-labelledby="report-scores">
        <Title order={2} size="h4" id="report-scores" mb={4}>
          Scores
        </Title>
        <Stack gap="sm">
          {s.criteria.map((c) => (
            <Box key={c.criterion_id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {c.label}
                </Text>
                <Text size="sm" fw={600}>
                  {pct(c.percent)}
                </Text>
              </Group>
              {c.percent !== null ? <Progress value={c.percent} size="sm" aria-label={`${c.label}: ${pct(c.percent)}`} /> : null}
              {c.measured ? <MeasuredNote measured={c.measured} /> : null}
              {c.progress ? <ProgressNote progress={c.progress} of={spreadOf(c)} prefix="Since the last report" /> : null}
              {c.description ? (
                <Text size="xs" c="dimmed">
                  {c.description}
                </Text>
              ) : null}
              {c.comment ? <Text size="sm">{c.comment}</Text> : null}
            </Box>
          ))}
        </Stack>
      </section>
      {s.focus.length ? (
        <section aria-labelledby="report-focus">
          <Title order={2} size="h4" id="report-focus" mb={4}>
            To work on next
          </Title>
          <Stack gap="sm" component="ol" style={{ paddingLeft: '1.2rem', margin: 0 }}>
            {s.focus.map((f) => (
              <li key={f.criterion_id}>
                <Text fw={600} size="sm">
                  {f.label}
                </Text>
                <Text size="sm">{f.text}</Text>
                {f.resources.map((r) => (
                  <Anchor key={r.id} href={r.url} target="_blank" rel="noreferrer" size="sm" display="block">
                    {r.title}
                  </Anchor>
                ))}
              </li>
            ))}
          </Stack>
        </section>
      ) : null}
      <ReportGoals goals={s.goals} />
      <Button
        component="a"
        href={pdfHref}
        download
        leftSection={<IconDownload size={16} aria-hidden />}
        variant="light"
        style={{ alignSelf: 'flex-start' }}
      >
        Download PDF
      </Button>
    </Stack>
  );
}
