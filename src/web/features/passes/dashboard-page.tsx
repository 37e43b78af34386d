import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fillMessage, passDashboardMessages as m, passMessages } from '../../../shared/messages';
import {
  countByFilter,
  matchesPassFilter,
  PASS_FILTER_LABELS,
  PASS_FILTERS,
  type PassFilter,
} from '../../../shared/rules/pass-display';
import { useBrand, useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { useCustomer } from '../accounts/api';
import { useDashboardPermits } from './living-api';
import { Pager, PassTable } from './pass-list-view';

/** Rows per page: a phone renders 25 cards in a frame; 2,000 passes are 80 pages, filtered at once. */
export const DASHBOARD_PAGE_SIZE = 25;

/** The charts are their own chunk: only business accounts load them (decision 070). */
const BusinessCharts = lazy(() =>
  import('./business-charts').then((module) => ({ default: module.BusinessCharts })),
);

const isPassFilter = (value: string | null): value is PassFilter =>
  value !== null && (PASS_FILTERS as readonly string[]).includes(value);

/** The filter and page live in the address, so Back and a reload return to the same rows. */
function useFilterAndPage() {
  const [params, setParams] = useSearchParams();
  const rawFilter = params.get('filter');
  const filter: PassFilter = isPassFilter(rawFilter) ? rawFilter : 'all';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (next: { filter?: PassFilter; page?: number }) => {
    const values = new URLSearchParams(params);
    const nextFilter = next.filter ?? filter;
    const nextPage = next.page ?? 1;
    if (nextFilter === 'all') values.delete('filter');
    else values.set('filter', nextFilter);
    if (nextPage === 1) values.delete('page');
    else values.set('page', String(nextPage));
    setParams(values, { replace: true });
  };
  return { filter, page, update };
}

function FilterButtons(props: {
  filter: PassFilter;
  counts: Record<PassFilter, number>;
  onChange(filter: PassFilter): void;
}) {
  return (
    <Group gap="xs" role="group" aria-label={m.filterLabel} wrap="wrap">
      {PASS_FILTERS.map((filter) => {
        const isCurrent = filter === props.filter;
        return (
          <Button
            key={filter}
            size="sm"
            variant={isCurrent ? 'filled' : 'default'}
            aria-pressed={isCurrent}
            onClick={() => props.onChange(filter)}
            data-testid={`filter-${filter}`}
          >
            {fillMessage(m.filterWithCount, {
              label: PASS_FILTER_LABELS[filter],
              count: props.counts[filter],
            })}
          </Button>
        );
      })}
    </Group>
  );
}

function LoadingRows() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={m.loadingPasses}>
      {Array.from({ length: 5 }, (_unused, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
        <Skeleton key={index} height={56} radius="sm" />
      ))}
    </Stack>
  );
}

/** /permits/dashboard (part 2 section 2): the customer's passes, or a business account's issued ones. */
export function PassesDashboardPage() {
  const brand = useBrand();
  const timeZone = useTenantTimeZone();
  const customer = useCustomer();
  const businessName = customer.data?.customerEntityName ?? null;
  const isBusiness = customer.data ? Boolean(businessName) : undefined;
  const permits = useDashboardPermits(isBusiness);
  const { filter, page, update } = useFilterAndPage();
  useDocumentTitle(m.dashboardTitle);

  // One clock reading per load: every row and count is judged at the same instant.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list is what asks for a new reading
  const now = useMemo(() => new Date(), [permits.data]);
  const all = permits.data ?? [];
  const counts = useMemo(() => countByFilter(all, now), [all, now]);
  const shown = useMemo(
    () => all.filter((permit) => matchesPassFilter(permit, filter, now)),
    [all, filter, now],
  );
  const pages = Math.max(1, Math.ceil(shown.length / DASHBOARD_PAGE_SIZE));
  const currentPage = Math.min(page, pages);
  const pageRows = shown.slice((currentPage - 1) * DASHBOARD_PAGE_SIZE, currentPage * DASHBOARD_PAGE_SIZE);
  const registerPath = brand?.isPermitCodeNeeded
    ? paths.passes.accessCode()
    : paths.passes.chooseForAccount();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {businessName
              ? fillMessage(m.businessDashboardTitle, { business: businessName })
              : m.dashboardTitle}
          </Title>
          {businessName && (
            // Beside the side menu on wide screens; here where the menu folds into a drawer.
            <Badge variant="filled" className="brand-filled" hiddenFrom="sm" data-testid="business-badge">
              {passMessages.businessAccountBadge}
            </Badge>
          )}
          {customer.data && (
            <Text data-testid="dashboard-greeting">
              {fillMessage(m.greeting, { name: customer.data.fullname })}
            </Text>
          )}
          {permits.isSuccess && (
            <Text c="dimmed" data-testid="pass-count">
              {all.length === 1 ? m.passCountOne : fillMessage(m.passCount, { count: all.length })}
            </Text>
          )}
        </Stack>
        <Group gap="md" align="center">
          {/* The side menu is the spec's (Dashboard, Passes, Account); payments are one step from here. */}
          <Anchor component={Link} to={paths.passes.transactions()}>
            {m.transactionsTitle}
          </Anchor>
          <Button component={Link} to={registerPath} data-testid="register-new-pass">
            {passMessages.registerNewPass}
          </Button>
        </Group>
      </Group>

      {permits.isError && (
        <Alert color="red" role="alert" title={m.loadFailed}>
          <Button variant="default" size="xs" mt="xs" onClick={() => permits.refetch()}>
            {m.retry}
          </Button>
        </Alert>
      )}
      {(customer.isLoading || permits.isLoading) && <LoadingRows />}

      {permits.isSuccess && all.length === 0 && (
        <Card withBorder padding="xl">
          <Text ta="center" data-testid="no-permits">
            {passMessages.noPermits}
          </Text>
        </Card>
      )}

      {permits.isSuccess && all.length > 0 && (
        <Stack gap="md">
          <FilterButtons filter={filter} counts={counts} onChange={(next) => update({ filter: next })} />
          {shown.length === 0 ? (
            <Card withBorder padding="lg">
              <Text ta="center" data-testid="no-permits-in-filter">
                {m.noPermitsInFilter}
              </Text>
            </Card>
          ) : (
            <PassTable permits={pageRows} timeZone={timeZone} now={now} />
          )}
          <Pager
            page={currentPage}
            pages={pages}
            total={shown.length}
            pageSize={DASHBOARD_PAGE_SIZE}
            onPage={(next) => {
              update({ page: next });
              window.scrollTo({ top: 0 });
            }}
          />
        </Stack>
      )}

      {customer.data?.customerEntityUUID && (
        <Suspense fallback={<Loader size="sm" aria-label={m.chartsLoading} />}>
          <BusinessCharts businessAccountUuid={customer.data.customerEntityUUID} />
        </Suspense>
      )}
    </Stack>
  );
}
