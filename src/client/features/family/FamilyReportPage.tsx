import { Anchor, Box, Container } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { QueryView } from '../../components/QueryView';
import { ApiError } from '../../lib/api';
import { ReportView } from '../../components/ReportView';
import { familyReport } from './api';
import { SIGNED_OUT_STATE } from './signedOut';

/** /family/player/:playerId/report/:reportId: a child's sent report in the family portal (opening marks it viewed). */
export default function FamilyReportPage() {
  const playerId = Number(useParams().playerId);
  const reportId = Number(useParams().reportId);
  const query = useQuery({
    queryKey: ['family', 'report', playerId, reportId],
    queryFn: () => familyReport(playerId, reportId),
    retry: false,
  });
  // Opened, it is read: My players lists it as new no more.
  const client = useQueryClient();
  useEffect(() => {
    if (query.isSuccess) void client.invalidateQueries({ queryKey: ['family', 'inbox', playerId] });
  }, [query.isSuccess, client, playerId]);
  if (query.error instanceof ApiError && query.error.status === 401)
    return <Navigate to="/family/sign-in" replace state={SIGNED_OUT_STATE.ended} />;
  const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
  return (
    <Box component="main" py="md">
      <Container size="sm" px="sm">
        <Anchor component={Link} to="/family" size="sm" mb="md" display="inline-block">
          ← My players
        </Anchor>
        {gone ? (
          <Box role="alert">This report is not available. The club may have withdrawn it.</Box>
        ) : (
          <QueryView query={query} noun="report" isEmpty={() => false}>
            {(r) => <ReportView report={r} pdfHref={`/api/family/player/${playerId}/report/${reportId}/pdf`} />}
          </QueryView>
        )}
      </Container>
    </Box>
  );
}
