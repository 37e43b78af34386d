import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { ConsoleOverview } from '../../../../shared/contract';
import { formatCalendarDate, formatMoney } from '../../../../shared/format';
import { consoleMessages } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import type { Action } from '../../../../shared/rules/permission-actions';
import { paths } from '../../../app/page-paths';
import { useIsHydrated } from '../../../app/use-is-hydrated';
import { useOperatorMe } from '../console-api';
import { canOpenSection } from '../nav-items';
import { QueryError } from '../query-state';
import { consoleOverviewQuery } from './overview-api';
import { WhenScrolledNear } from './when-scrolled-near';

// The charts and their library load after the tiles: the day's figures come first.
const TrendsSection = lazy(() =>
  import('./trends-section').then((module) => ({ default: module.TrendsSection })),
);

interface Tile {
  label: string;
  value: string;
  detail?: string;
  /** The list the figure counts; shown as a link when the role may open it. */
  to: string;
}

function tilesOf(overview: ConsoleOverview): Tile[] {
  const revenue = overview.revenueThisMonth;
  return [
    {
      label: consoleMessages.noticesIssuedToday,
      value: String(overview.noticesIssuedToday),
      to: paths.console.notices(),
    },
    {
      label: consoleMessages.noticesPaidToday,
      value: String(overview.noticesPaidToday),
      to: paths.console.notices({ status: 'paid' }),
    },
    {
      label: consoleMessages.revenueThisMonth,
      value: formatMoney(revenue.total),
      detail: fillMessage(consoleMessages.revenueSplit, {
        notices: formatMoney(revenue.notices),
        passes: formatMoney(revenue.passes),
      }),
      to: paths.console.reports(),
    },
    {
      label: consoleMessages.passesActive,
      value: String(overview.passesActive),
      to: paths.console.passes({ status: 'paid' }),
    },
    {
      label: consoleMessages.waitingApprovals,
      value: String(overview.waitingApprovals),
      to: paths.console.passes({ status: 'waiting' }),
    },
    {
      label: consoleMessages.pendingAppeals,
      value: String(overview.pendingAppeals),
      to: paths.console.appeals(),
    },
  ];
}

function TileCard({ tile, isLink }: { tile: Tile; isLink: boolean }) {
  const body = (
    <Card withBorder padding="md" className="console-tile">
      <Text size="sm" c="dimmed" component="h2" fw={500}>
        {tile.label}
      </Text>
      <Text fz={32} fw={700} lh={1.2}>
        {tile.value}
      </Text>
      {tile.detail && <Text size="sm">{tile.detail}</Text>}
    </Card>
  );
  return isLink ? (
    <Link to={tile.to} className="console-tile">
      {body}
    </Link>
  ) : (
    body
  );
}

/** /dashboard: the day's figures at a glance, each a way into its list. */
export function OverviewPage() {
  const me = useOperatorMe();
  const overview = useQuery({ ...consoleOverviewQuery(), refetchInterval: 60_000 });
  // Rendered by the server with its tiles (decision 252), the page hydrates first; the charts
  // follow, a lazy chunk the server's HTML cannot hold anyway.
  const isHydrated = useIsHydrated();
  const permissions: readonly Action[] = me.data?.permissions ?? [];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{consoleMessages.overviewTitle}</Title>
        {overview.data && (
          <Text c="dimmed">
            {fillMessage(consoleMessages.overviewToday, { date: formatCalendarDate(overview.data.today) })}
          </Text>
        )}
      </div>
      <QueryError error={overview.error} />
      {overview.isPending && (
        <div className="console-tiles" role="status" aria-busy="true" aria-label={consoleMessages.loading}>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
            <Skeleton key={index} height={104} radius="md" />
          ))}
        </div>
      )}
      {overview.data && (
        <ul className="console-tiles plain-list">
          {tilesOf(overview.data).map((tile) => (
            <li key={tile.label}>
              <TileCard tile={tile} isLink={canOpenSection(permissions, tile.to)} />
            </li>
          ))}
        </ul>
      )}
      {/* Once the tiles (or their error) are drawn and the page is the app's, and on a phone once
          scrolled down to: the chart library is not fetched before. */}
      {isHydrated && me.data && !overview.isPending && (
        <WhenScrolledNear>
          <Suspense fallback={null}>
            <TrendsSection permissions={permissions} />
          </Suspense>
        </WhenScrolledNear>
      )}
    </Stack>
  );
}
