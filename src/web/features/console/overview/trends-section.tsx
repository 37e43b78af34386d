import { Anchor, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type ConsoleTrends,
  getConsoleTrendsContract,
  type TrendDay,
  type TrendTotals,
} from '../../../../shared/contract';
import {
  calendarDayNumberIn,
  formatCalendarDate,
  formatDayMonth,
  formatMoney,
  formatNumber,
  formatWholeDollars,
  isoDateOfDay,
} from '../../../../shared/format';
import { consoleDeskMessages as m } from '../../../../shared/messages/console-desk';
import { fillMessage } from '../../../../shared/messages/fill';
import type { Action } from '../../../../shared/rules/permission-actions';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { contractQuery } from '../../../lib/contract-query';
import { canOpenSection } from '../nav-items';
import { callAsOperator } from '../operator-call';
import { QueryError } from '../query-state';
import { TrendChart, type TrendSeries } from './trend-chart';

const RANGE_DAYS = ['7', '30', '90', '365'] as const;
type RangeDays = (typeof RANGE_DAYS)[number];
const readRange = (value: string | null): RangeDays =>
  RANGE_DAYS.includes(value as RangeDays) ? (value as RangeDays) : '30';

/** The range menu's choices, named at each render in the page's language. */
const rangeOptions = (): { value: RangeDays; label: string }[] => [
  { value: '7', label: m.trendsRange7 },
  { value: '30', label: m.trendsRange30 },
  { value: '90', label: m.trendsRange90 },
  { value: '365', label: m.trendsRange365 },
];

const CURRENT = 'var(--mantine-primary-color-filled)';
const SECOND = 'var(--mantine-color-teal-7)';
const PREVIOUS = 'var(--mantine-color-gray-6)';

const countText = (value: number) => formatNumber(Math.round(value));
/** Axis money in whole dollars: cents would crowd a phone's axis. */
const axisMoney = formatWholeDollars;

function changeText(current: number, previous: number): string {
  if (previous === current) return m.trendsNoChange;
  if (previous === 0) return '';
  const percent = Math.round(((current - previous) / previous) * 100);
  return fillMessage(m.trendsChange, { sign: percent > 0 ? '+' : '', percent: formatNumber(percent) });
}

interface ChartCard {
  key: string;
  title: string;
  /** The list the figure counts; a link when the operator may open it. */
  to: string;
  current: number;
  previous: number;
  format: (value: number) => string;
  isCount: boolean;
  labels: string[];
  series: TrendSeries[];
  detail?: string;
}

function dayLabels(days: TrendDay[]): string[] {
  return days.map((day) => formatDayMonth(day.date));
}

function cardsOf(trends: ConsoleTrends): ChartCard[] {
  const labels = dayLabels(trends.days);
  const dailyCard = (
    key: keyof Omit<TrendTotals, 'noticeRevenue' | 'passRevenue'>,
    title: string,
    to: string,
    detail?: string,
  ): ChartCard => ({
    key,
    title,
    to,
    current: trends.totals[key],
    previous: trends.previousTotals[key],
    format: countText,
    isCount: true,
    labels,
    detail,
    series: [
      { label: m.trendsCurrent, values: trends.days.map((day) => day[key]), color: CURRENT },
      {
        label: m.trendsPrevious,
        values: trends.previousDays.map((day) => day[key]),
        color: PREVIOUS,
        isDashed: true,
      },
    ],
  });
  const range = { from: trends.from, to: trends.to };
  const revenue = trends.totals.noticeRevenue + trends.totals.passRevenue;
  const previousRevenue = trends.previousTotals.noticeRevenue + trends.previousTotals.passRevenue;
  return [
    dailyCard('noticesIssued', m.trendNoticesIssued, paths.console.notices(range)),
    dailyCard('noticesPaid', m.trendNoticesPaid, paths.console.notices({ status: 'paid' })),
    {
      key: 'revenue',
      title: m.trendRevenue,
      to: paths.console.notices({ status: 'paid' }),
      current: revenue,
      previous: previousRevenue,
      format: formatMoney,
      isCount: false,
      labels: trends.weeks.map((week) => formatDayMonth(week.start)),
      detail: fillMessage(m.trendRevenueSplit, {
        notices: formatMoney(trends.totals.noticeRevenue),
        passes: formatMoney(trends.totals.passRevenue),
      }),
      series: [
        {
          label: m.trendRevenueNotices,
          values: trends.weeks.map((week) => week.noticeRevenue),
          color: CURRENT,
        },
        { label: m.trendRevenuePasses, values: trends.weeks.map((week) => week.passRevenue), color: SECOND },
        {
          label: m.trendRevenuePrevious,
          values: trends.previousWeeks.map((week) => week.noticeRevenue + week.passRevenue),
          color: PREVIOUS,
          isDashed: true,
        },
      ],
    },
    dailyCard('passesSold', m.trendPassesSold, paths.console.passes({ status: 'paid' })),
    dailyCard(
      'passesActive',
      m.trendPassesActive,
      paths.console.passes({ status: 'active' }),
      m.trendPassesActiveNote,
    ),
    dailyCard('appealsReceived', m.trendAppealsReceived, paths.console.appeals()),
    dailyCard('appealsDecided', m.trendAppealsDecided, paths.console.appeals()),
  ];
}

function Legend({ series }: { series: TrendSeries[] }) {
  return (
    <Group gap="md" component="ul" className="plain-list trend-legend">
      {series.map((entry) => (
        <li key={entry.label}>
          <span
            className="trend-swatch"
            data-dashed={entry.isDashed ? 'true' : undefined}
            style={{ borderColor: entry.color }}
            aria-hidden="true"
          />
          <Text span size="xs">
            {entry.label}
          </Text>
        </li>
      ))}
    </Group>
  );
}

function TrendCard({ card, canOpen }: { card: ChartCard; canOpen: boolean }) {
  const change = changeText(card.current, card.previous);
  const versus = fillMessage(m.trendsVersus, { value: card.format(card.previous) });
  return (
    <Card withBorder padding="md" component="figure" m={0} className="trend-card">
      <Stack gap={4}>
        <Title order={3} size="sm" fw={500} c="dimmed">
          {canOpen ? (
            <Anchor component={Link} to={card.to} inherit c="inherit" underline="always">
              {card.title}
            </Anchor>
          ) : (
            card.title
          )}
        </Title>
        <Group gap="xs" align="baseline" wrap="wrap">
          <Text fz={26} fw={700} lh={1.2}>
            {card.format(card.current)}
          </Text>
          <Text size="sm" c="dimmed">
            {change ? `${change} · ${versus}` : versus}
          </Text>
        </Group>
        {card.detail && <Text size="sm">{card.detail}</Text>}
      </Stack>
      <TrendChart
        labels={card.labels}
        series={card.series}
        formatValue={card.isCount ? card.format : axisMoney}
        isCount={card.isCount}
      />
      <Legend series={card.series} />
      <Text component="figcaption" className="visually-hidden">
        {fillMessage(m.trendsChartSummary, {
          title: card.title,
          current: card.format(card.current),
          previous: card.format(card.previous),
        })}
      </Text>
    </Card>
  );
}

/** The overview's trends: a range of days (in the address) with the period before it, as charts. */
export function TrendsSection({ permissions }: { permissions: readonly Action[] }) {
  const timeZone = useTenantTimeZone();
  const [params, setParams] = useSearchParams();
  const range = readRange(params.get('range'));
  const today = isoDateOfDay(calendarDayNumberIn(new Date(), timeZone));
  const from = isoDateOfDay(calendarDayNumberIn(new Date(), timeZone) - Number(range) + 1);
  const trends = useQuery({
    ...contractQuery(getConsoleTrendsContract, { query: { from, to: today } }, callAsOperator),
  });
  const cards = useMemo(() => (trends.data ? cardsOf(trends.data) : []), [trends.data]);

  return (
    <Stack gap="md" component="section" aria-labelledby="trends-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2} id="trends-title">
            {m.trendsTitle}
          </Title>
          {trends.data && (
            <Text size="sm" c="dimmed">
              {fillMessage(m.trendsPeriod, {
                from: formatCalendarDate(trends.data.from, 'date'),
                to: formatCalendarDate(trends.data.to, 'date'),
                previousFrom: formatCalendarDate(trends.data.previousFrom, 'date'),
                previousTo: formatCalendarDate(trends.data.previousTo, 'date'),
              })}
            </Text>
          )}
        </div>
        <SegmentedControl
          aria-label={m.trendsRangeLabel}
          data={rangeOptions()}
          value={range}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            if (value === '30') next.delete('range');
            else next.set('range', value);
            setParams(next, { replace: true });
          }}
        />
      </Group>
      <QueryError error={trends.error} />
      {trends.isPending && (
        <div className="trend-cards" role="status" aria-busy="true" aria-label={m.trendsLoading}>
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
            <Skeleton key={index} height={300} radius="md" />
          ))}
        </div>
      )}
      {trends.data && (
        <div className="trend-cards">
          {cards.map((card) => (
            <TrendCard key={card.key} card={card} canOpen={canOpenSection(permissions, card.to)} />
          ))}
        </div>
      )}
    </Stack>
  );
}
