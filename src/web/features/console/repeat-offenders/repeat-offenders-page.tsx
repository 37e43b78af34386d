import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { RepeatOffender } from '../../../../shared/contract';
import { formatDate, formatMoney, formatNumber } from '../../../../shared/format';
import { fillMessage } from '../../../../shared/messages/fill';
import { repeatOffenderMessages as m } from '../../../../shared/messages/repeat-offenders';
import { repeatOffenderRule } from '../../../../shared/rules/repeat-offenders';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { FailureAlert } from '../../../components/form-alerts';
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table';
import { useDownload } from '../../../lib/use-download';
import { useOperatorCan } from '../console-api';
import { Pager, QueryError } from '../query-state';
import { downloadRepeatOffenderExport, useRepeatOffenders } from './api';

const PAGE_SIZE = 50;

/** Read at each render, so the labels are in the page's language. */
const columns = (): readonly ResponsiveColumn[] => [
  { label: m.columnPlate, isUnlabelledOnPhone: true },
  { label: m.columnUnpaidNotices },
  { label: m.columnTotal },
  { label: m.columnOldest },
  { label: m.columnNewest, isHiddenOnPhone: true },
];

function OffenderRow({ offender, timeZone }: { offender: RepeatOffender; timeZone: string }) {
  const noticesLink = paths.console.notices({ q: offender.plate });
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Anchor
            component={Link}
            to={noticesLink}
            fw={600}
            aria-label={fillMessage(m.viewNotices, { plate: offender.plate })}
          >
            {offender.stateProv ? `${offender.plate} (${offender.stateProv})` : offender.plate}
          </Anchor>
          {offender.repeatOffenderMessage && (
            <Text span size="sm" c="dimmed">
              {offender.repeatOffenderMessage}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="red" c="dark.9">
          {offender.unpaidNoticeCount}
        </Badge>
      </Table.Td>
      <Table.Td>{formatMoney(offender.unpaidTotal)}</Table.Td>
      <Table.Td>
        {offender.oldestUnpaidOn
          ? `${formatDate(offender.oldestUnpaidOn, timeZone, 'date')} · ${fillMessage(m.daysUnpaid, {
              days: offender.oldestUnpaidDays ?? 0,
            })}`
          : '—'}
      </Table.Td>
      <Table.Td>{formatDate(offender.newestUnpaidOn, timeZone, 'date')}</Table.Td>
    </Table.Tr>
  );
}

/** /dashboard/repeat-offenders: the plates that keep notices unpaid, by the tenant's rule, with the export. */
export function RepeatOffendersPage() {
  const timeZone = useTenantTimeZone();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useRepeatOffenders({ page, pageSize: PAGE_SIZE });
  const canEditSettings = useOperatorCan('settings.manage');
  const exportCsv = useDownload({
    download: () => downloadRepeatOffenderExport(),
    describeError: (error) => error.message,
  });
  const toPage = (next: number) => {
    const search = new URLSearchParams(params);
    if (next === 1) search.delete('page');
    else search.set('page', String(next));
    setParams(search);
  };

  const data = list.data;
  const rule = data ? repeatOffenderRule(data.rule) : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{m.pageTitle}</Title>
        {rule && (
          <Button
            variant="default"
            onClick={() => exportCsv.start('file')}
            loading={exportCsv.busy !== null}
            disabled={data?.total === 0}
          >
            {m.exportCsv}
          </Button>
        )}
      </Group>
      <FailureAlert message={exportCsv.error} />
      <QueryError error={list.error} />
      {list.isLoading && <Loader aria-label={m.loading} />}
      {data && !rule && (
        <Alert color="gray" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{m.turnedOff}</Text>
            {canEditSettings && (
              <Anchor component={Link} to={paths.console.settings()} size="sm">
                {m.openSettings}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {data && rule && (
        <>
          <Text>
            {fillMessage(m.pageIntro, { rule })}{' '}
            <Text span fw={600}>
              {data.total === 1
                ? m.totalCountOne
                : fillMessage(m.totalCount, { count: formatNumber(data.total) })}
            </Text>
          </Text>
          <ResponsiveTable
            minWidth={720}
            striped
            highlightOnHover
            aria-busy={list.isFetching}
            aria-label={m.pageTitle}
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            columns={columns()}
            isEmpty={data.items.length === 0}
            emptyText={<span role="status">{m.noneYet}</span>}
          >
            {data.items.map((offender) => (
              <OffenderRow key={offender.plate} offender={offender} timeZone={timeZone} />
            ))}
          </ResponsiveTable>
          <Pager page={page} hasMore={page * PAGE_SIZE < data.total} onPage={toPage} labels={m} />
        </>
      )}
    </Stack>
  );
}
