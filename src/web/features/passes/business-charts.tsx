import { Box, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { GraphData } from '../../../shared/contract';
import { formatCalendarDate, formatDayMonth, formatNumber } from '../../../shared/format';
import { fillMessage, passDashboardMessages as m } from '../../../shared/messages';
import { paidStatusLabel } from '../../../shared/rules/pass-display';
import { useBusinessGraphData } from './living-api';

/**
 * A business account's charts (part 1 section 1: 'extra dashboard charts'): passes issued per
 * day, by product and by status over the last 30 days. Plain SVG bars in the brand colour: a
 * chart library would cost more than the page (decision 141). Each chart is a figure whose
 * drawing is hidden from screen readers and whose numbers are a table they read instead.
 */

interface Bar {
  label: string;
  /** A shorter label drawn under a column, when the full one does not fit. */
  tick?: string;
  value: number;
}

const BAR_FILL = 'var(--mantine-primary-color-filled)';

/** Columns over time (per day), with the first, middle and last dates written under them. */
function ColumnChart({ bars }: { bars: Bar[] }) {
  const width = 600;
  const height = 140;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = width / bars.length;
  const ticks = [bars[0], bars[Math.floor(bars.length / 2)], bars.at(-1)].filter(
    (bar): bar is Bar => bar !== undefined,
  );
  return (
    <Stack gap={4}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" aria-hidden="true" focusable="false">
        <line
          x1={0}
          x2={width}
          y1={height - 1}
          y2={height - 1}
          stroke="var(--mantine-color-default-border)"
        />
        {bars.map((bar, index) => {
          const barHeight = ((height - 8) * bar.value) / max;
          return (
            <rect
              key={bar.label}
              x={index * slot + slot * 0.15}
              y={height - 1 - barHeight}
              width={slot * 0.7}
              height={barHeight}
              rx={2}
              fill={BAR_FILL}
            />
          );
        })}
      </svg>
      {/* Dates as text under the drawing: readable at any width, unlike text scaled inside an SVG. */}
      <Group justify="space-between" aria-hidden="true">
        {ticks.map((bar) => (
          <Text key={bar.label} size="xs" c="dimmed">
            {bar.tick ?? bar.label}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}

/** Rows of named bars (by product, by status), the count at each bar's end. */
function RowChart({ bars }: { bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <Stack gap={6} aria-hidden="true">
      {bars.map((bar) => (
        <Group key={bar.label} gap="sm" wrap="nowrap">
          <Text size="sm" w="38%" className="break-anywhere" style={{ flexShrink: 0 }}>
            {bar.label}
          </Text>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Box
              h={14}
              style={{ width: `${(100 * bar.value) / max}%`, background: BAR_FILL, borderRadius: 2 }}
            />
          </Box>
          <Text size="sm" fw={600} w={40} ta="right" style={{ flexShrink: 0 }}>
            {formatNumber(bar.value)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** What the chart says, for everyone: its numbers as a table only screen readers reach. */
function ChartFigure(props: {
  title: string;
  columnLabel: string;
  bars: Bar[];
  summary?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="figure" m={0} aria-label={props.title}>
      <Stack gap="sm">
        <Text component="figcaption" fw={700}>
          {props.title}
        </Text>
        {props.summary && (
          <Text size="sm" c="dimmed">
            {props.summary}
          </Text>
        )}
        {props.children}
        <Table className="visually-hidden">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{props.columnLabel}</Table.Th>
              <Table.Th>{m.chartCount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.bars.map((bar) => (
              <Table.Tr key={bar.label}>
                <Table.Td>{bar.label}</Table.Td>
                <Table.Td>{formatNumber(bar.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

export function describePerDay(days: GraphData['issuedPerDay']): string {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return m.chartEmpty;
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best));
  return fillMessage(m.chartSummary, {
    total: formatNumber(total),
    day: formatCalendarDate(busiest.date),
    count: formatNumber(busiest.count),
  });
}

export function BusinessCharts({ businessAccountUuid }: { businessAccountUuid: string }) {
  const graph = useBusinessGraphData(businessAccountUuid);
  if (graph.isLoading) return <Loader size="sm" aria-label={m.chartsLoading} />;
  if (!graph.data) return null;
  const { issuedPerDay, byProduct, byStatus } = graph.data;
  const perDay = issuedPerDay.map((day) => ({
    label: formatCalendarDate(day.date),
    tick: formatDayMonth(day.date),
    value: day.count,
  }));
  const statuses = byStatus
    .filter((row) => row.count > 0)
    .map((row) => ({ label: paidStatusLabel(row.status), value: row.count }));
  return (
    <Stack gap="md" component="section" aria-labelledby="charts-title" data-testid="business-charts">
      <Title order={2} size="h3" id="charts-title">
        {m.chartsTitle}
      </Title>
      <ChartFigure
        title={m.chartPerDay}
        columnLabel={m.chartDate}
        bars={perDay}
        summary={describePerDay(issuedPerDay)}
      >
        <ColumnChart bars={perDay} />
      </ChartFigure>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartFigure
          title={m.chartByProduct}
          columnLabel={m.chartProduct}
          bars={byProduct.map((row) => ({ label: row.name, value: row.count }))}
        >
          {byProduct.length === 0 ? (
            <Text size="sm">{m.chartEmpty}</Text>
          ) : (
            <RowChart bars={byProduct.map((row) => ({ label: row.name, value: row.count }))} />
          )}
        </ChartFigure>
        <ChartFigure title={m.chartByStatus} columnLabel={m.chartStatus} bars={statuses}>
          {statuses.length === 0 ? <Text size="sm">{m.chartEmpty}</Text> : <RowChart bars={statuses} />}
        </ChartFigure>
      </SimpleGrid>
    </Stack>
  );
}
