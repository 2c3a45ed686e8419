import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { QueryView } from '../../components/QueryView';
import { ReportView } from '../../components/ReportView';
import { areaReport } from './api';
import { redirectFor, usePlayerId } from './useAreaGuard';

/** /player/:playerId/report/:reportId: one of the player's sent reports (opening marks it viewed). */
export default function PlayerReportPage() {
  const playerId = usePlayerId();
  const reportId = Number(useParams().reportId);
  const query = useQuery({
    queryKey: ['player-area', 'report', playerId, reportId],
    queryFn: () => areaReport(playerId, reportId),
    retry: false,
  });
  const redirect = redirectFor(query.error);
  if (redirect) return redirect;
  return (
    <div>
      <Anchor component={Link} to={`/player/${playerId}/reports`} size="sm" mb="md" display="inline-block">
        ← Reports
      </Anchor>
      <QueryView query={query} noun="report" isEmpty={() => false}>
        {(r) => <ReportView report={r} pdfHref={`/api/player-area/${playerId}/report/${reportId}/pdf`} />}
      </QueryView>
    </div>
  );
}
