import { Anchor, Container } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { staffSheet } from './api';
import { ScoringSheet } from './ScoringSheet';

/** /app/sessions/:sessionId/score: a staff evaluator's own sheet in an open session. */
export default function SessionScorePage() {
  const id = Number(useParams().sessionId);
  const source = useMemo(() => staffSheet(id), [id]);
  return (
    <Container size="sm" px={0}>
      <Anchor component={Link} to="/app/sessions" size="sm">
        ← Sessions
      </Anchor>
      <ScoringSheet source={source} />
    </Container>
  );
}
