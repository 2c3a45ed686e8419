import { Anchor, Container } from '@mantine/core';
import { Loading } from '../../components/Loading';
import { useMe } from '../../lib/auth';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { staffSheet } from './api';
import { ScoringSheet } from './ScoringSheet';

/** /app/sessions/:sessionId/score: a staff evaluator's own sheet in an open session. */
export default function SessionScorePage() {
  const id = Number(useParams().sessionId);
  const userId = useMe().data?.id;
  const source = useMemo(() => (userId === undefined ? null : staffSheet(id, userId)), [id, userId]);
  if (!source) return <Loading label="Loading the sheet" />;
  return (
    <Container size="sm" px={0}>
      <Anchor component={Link} to="/app/sessions" size="sm">
        ← Sessions
      </Anchor>
      <ScoringSheet source={source} />
    </Container>
  );
}
