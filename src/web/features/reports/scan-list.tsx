import { Anchor, Badge, Box, Group, Image, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ReportItem } from '../../../shared/contract';
import { formatDate, formatNumber } from '../../../shared/format';
import { fillMessage } from '../../../shared/messages/fill';
import { reportMessages as m } from '../../../shared/messages/reports';
import { paginationControlProps } from '../../components/pagination-labels';
import { useReportScans } from './api';

function ScanPhoto({ item }: { item: ReportItem }) {
  const alt = fillMessage(m.photoOf, { plate: item.plate });
  if (!item.fullImageURL) {
    return (
      <Box className="scan-row__photo scan-row__photo--empty">
        <Text size="xs" c="dimmed">
          {m.noPhoto}
        </Text>
      </Box>
    );
  }
  return (
    <Anchor href={item.fullImageURL} target="_blank" rel="noreferrer" className="scan-row__photo">
      {/* Low priority: the page's code and the map come first on the browser's few connections. */}
      <Image
        src={item.fullImageURL}
        alt={alt}
        loading="lazy"
        fetchPriority="low"
        w={96}
        h={72}
        fit="cover"
        radius="sm"
      />
    </Anchor>
  );
}

function ScanRow({ item, timeZone }: { item: ReportItem; timeZone: string }) {
  return (
    <Box component="li" className="scan-row">
      <ScanPhoto item={item} />
      <Stack gap={2} className="scan-row__body">
        <Group gap="xs" wrap="wrap">
          <Text fw={700} ff="monospace">
            {item.plate}
          </Text>
          {item.alertMessage && (
            <Badge color="red.8" variant="filled" size="sm">
              {`${m.alert}: ${item.alertMessage}`}
            </Badge>
          )}
        </Group>
        <Text size="sm">{formatDate(item.capturedAt, timeZone, 'dateTime')}</Text>
        <Text size="sm" c="dimmed" className="scan-row__patroller">
          {item.fullname ?? m.unknownPatroller}
          {item.userEmail ? ` · ${item.userEmail}` : ''}
        </Text>
      </Stack>
    </Box>
  );
}

/**
 * The scans newest first, one page at a time, each page read from the server (decision 155): the
 * page shown stays while the next one loads.
 */
export function ScanList({ reportUUID, timeZone }: { reportUUID: string; timeZone: string }) {
  // "Next" continues after the page shown (its cursor); a jump reads its page by number.
  const [{ page, after }, setPosition] = useState<{ page: number; after?: string }>({ page: 1 });
  const query = useReportScans(reportUUID, page, after);
  if (query.isPending) return <Loader size="sm" aria-label={m.scansLoading} />;
  if (query.isError) {
    return (
      <Text c="dimmed" role="alert">
        {m.scansUnavailable}
      </Text>
    );
  }
  const { reportItems: shown, total, pageSize } = query.data;
  if (total === 0) return <Text c="dimmed">{m.noScans}</Text>;
  const pages = Math.ceil(total / pageSize);
  const from = (query.data.page - 1) * pageSize;
  const summary = fillMessage(m.showing, {
    from: formatNumber(from + 1),
    to: formatNumber(from + shown.length),
    total: formatNumber(total),
  });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="scan-list-summary">
        {summary}
      </Text>
      <Box component="ol" className="scan-list" data-testid="scan-list" aria-busy={query.isPlaceholderData}>
        {shown.map((item) => (
          <ScanRow
            key={`${item.capturedAt}|${item.plate}|${item.latitude}|${item.longitude}`}
            item={item}
            timeZone={timeZone}
          />
        ))}
      </Box>
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={(next) => {
              const cursor = next === query.data.page + 1 ? query.data.nextCursor : null;
              setPosition(cursor ? { page: next, after: cursor } : { page: next });
            }}
            siblings={1}
            boundaries={1}
            size="sm"
            aria-label={m.scanPages}
            getControlProps={paginationControlProps}
          />
        </Group>
      )}
    </Stack>
  );
}
