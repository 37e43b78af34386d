import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import type { ReportDetails } from '../../../shared/contract';
import { formatDate, formatNumber } from '../../../shared/format';
import { reportMessages as m } from '../../../shared/messages/reports';
import { useTenantTimeZone } from '../../app/brand';
import { useDocumentTitle } from '../../app/use-document-title';
import { isApiError } from '../../lib/api-client';
import { useReportSummary } from './api';
import { HeatMap, startHeatMap } from './heat-map';
import { ScanList } from './scan-list';
import './reports.css';
import { paths } from '../../app/page-paths';

// The map starts as soon as this page's code runs, not when the page has rendered.
startHeatMap();

/** One total; a placeholder of its size until the summary arrives. */
function Stat({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" className="report-stat">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={36} mt={4} width="60%" />
      ) : (
        <Text fz={{ base: 'xl', sm: 28 }} fw={700} data-testid={testId}>
          {formatNumber(value)}
        </Text>
      )}
    </Paper>
  );
}

function Period({ details, timeZone }: { details: ReportDetails | undefined; timeZone: string }) {
  if (!details) return <Skeleton height={24} width={280} />;
  if (details.plate) {
    return (
      <Group gap="xs">
        <Text c="dimmed">{m.plateFilter}</Text>
        <Badge variant="light" size="lg" ff="monospace">
          {details.plate}
        </Badge>
      </Group>
    );
  }
  return (
    <Text c="dimmed" data-testid="report-period">
      {`${formatDate(details.startDate, timeZone, 'longDate')} – ${formatDate(details.endDate, timeZone, 'longDate')}`}
    </Text>
  );
}

/** What an expired, revoked or unknown link shows (issue 28): plainly, and nothing of the report. */
function ReportUnavailable() {
  return (
    <Stack gap="md" className="report-page">
      <Title order={1}>{m.unavailableTitle}</Title>
      <Alert color="gray" variant="light">
        {m.unavailable}
      </Alert>
    </Stack>
  );
}

/**
 * /reports/{reportUUID} (part 2 sections 2 and 9): totals, a heat map and the scans, newest
 * first. No sign-in: the uuid is the capability. The page's frame shows at once; the totals and
 * the map fill in from the summary, the list from its own page call, each as it arrives
 * (decision 155). A link that answers 404 (unknown, expired or revoked) says so in plain words;
 * any other failure goes to /404.
 */
export function ReportPage() {
  const { reportUUID } = useParams();
  const timeZone = useTenantTimeZone();
  const query = useReportSummary(reportUUID);
  useDocumentTitle(m.title);

  if (isApiError(query.error) && query.error.status === 404) return <ReportUnavailable />;
  if (!reportUUID || query.isError) return <Navigate to={paths.notFound()} replace />;
  const summary = query.data;
  const details = summary?.reportDetails;
  return (
    <Stack gap="lg" className="report-page">
      <Stack gap={4}>
        <Title order={1}>{m.title}</Title>
        <Period details={details} timeZone={timeZone} />
      </Stack>
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <Stat label={m.totalScans} value={details?.totalScans} testId="total-scans" />
        <Stat label={m.totalAlerts} value={details?.totalAlerts} testId="total-alerts" />
        <Stat label={m.distinctPatrollers} value={details?.distinctPatrollers} testId="distinct-patrollers" />
      </SimpleGrid>
      <HeatMap reportUUID={reportUUID} summary={summary} />
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3">
            {m.scans}
          </Title>
          <Text size="sm" c="dimmed">
            {m.newestFirst}
          </Text>
        </Group>
        <ScanList reportUUID={reportUUID} timeZone={timeZone} />
      </Stack>
    </Stack>
  );
}
