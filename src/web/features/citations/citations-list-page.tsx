import { Alert, Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Citation, CitationSearchResult } from '../../../shared/contract';
import { formatMoney } from '../../../shared/format';
import { citationMessages, noticeSearchMessages, withSupport } from '../../../shared/messages';
import { citationsTotalDue, isCitationPaid } from '../../../shared/rules';
import { useBrand, useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { ApiError } from '../../lib/api-client';
import { citationSearchFromParams, useCitationSearch, usePlateSuggestions } from './api';
import { amountCell, descriptionCell, issuedCell, planCell } from './citation-presenters';

function searchErrorText(error: unknown, contactEmail: string | null | undefined): string {
  if (error instanceof ApiError && error.status === 404) return citationMessages.noResults;
  return withSupport(citationMessages.searchError, contactEmail);
}

/** Darker than Mantine's green.9, so white text on it meets WCAG AA. */
const PAID_GREEN = '#1E6B30';

/** 'Paid' in green, or 'Select': a link to the notice either way. */
function CitationChip({ citation }: { citation: Citation }) {
  const isPaid = isCitationPaid(citation);
  const text = isPaid ? citationMessages.chipPaid : citationMessages.chipSelect;
  return (
    <Badge
      component={Link}
      to={paths.citation(citation.uuid)}
      onClick={(event) => event.stopPropagation()}
      color={isPaid ? PAID_GREEN : 'brand'}
      variant={isPaid ? 'filled' : 'outline'}
      style={{ cursor: 'pointer' }}
      aria-label={`${text} ${citation.citationNumber}`}
    >
      {text}
    </Badge>
  );
}

/**
 * The results as the one responsive table (decision 182): a table on wide screens, a card per
 * notice on a phone, headed by its number, with the Select or Paid chip whole.
 */
/** Read at each render, so the labels are in the page's language. */
const citationColumns = (): readonly ResponsiveColumn[] => [
  { label: citationMessages.columnNotice, isUnlabelledOnPhone: true },
  { label: citationMessages.columnIssued },
  { label: citationMessages.columnDescription },
  { label: citationMessages.columnAmount },
  { label: citationMessages.chipSelect, isLabelHidden: true },
];

function CitationRow({ citation, timeZone }: { citation: CitationSearchResult; timeZone: string }) {
  const navigate = useNavigate();
  const href = paths.citation(citation.uuid);
  const { amount, label } = amountCell(citation);
  // On a plan the row owes the plan's remainder and says so, as the notice page does.
  const plan = planCell(citation);
  return (
    <Table.Tr className="clickable-row" onClick={() => navigate(href)}>
      <Table.Td>
        <Text fw={600}>{citation.citationNumber}</Text>
        <Text size="sm" c="dimmed">
          {citation.plate}
          {citation.stateProv ? ` · ${citation.stateProv}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>{issuedCell(citation, timeZone)}</Table.Td>
      <Table.Td>{descriptionCell(citation)}</Table.Td>
      <Table.Td>
        <Text fw={600}>{amount}</Text>
        {plan ? (
          <Stack gap={0} data-testid="row-plan">
            <Text size="sm" fw={600}>
              {plan.label}
            </Text>
            {plan.detail && (
              <Text size="sm" c="dimmed">
                {plan.detail}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <CitationChip citation={citation} />
      </Table.Td>
    </Table.Tr>
  );
}

/** /citations?plate= or ?citationid=: the notices found, their total due and the tenant's note. */
export function CitationsListPage() {
  const brand = useBrand();
  const timeZone = useTenantTimeZone();
  const [params] = useSearchParams();
  const { plate, citationNumber } = citationSearchFromParams(params);
  const search = useCitationSearch({ plate, citationNumber }, brand?.subdomain);
  const citations = search.data ?? [];
  // Only a plate search that found nothing asks which plates it may have meant.
  const suggestions = usePlateSuggestions(
    plate,
    brand?.subdomain,
    search.isSuccess && citations.length === 0,
  );

  return (
    <Stack gap="lg">
      <Title order={1}>
        {citationMessages.resultsFor} {plate || citationNumber}
      </Title>
      {/* Above the results, not below: what sat under them moved when they arrived (Lighthouse's CLS). */}
      {brand?.header2 && <Text c="dimmed">{brand.header2}</Text>}
      <Anchor component={Link} to={paths.home()}>
        {noticeSearchMessages.search}
      </Anchor>
      {!plate && !citationNumber && <Alert color="yellow">{noticeSearchMessages.enterSearch}</Alert>}
      {search.isLoading && <Loader aria-label={noticeSearchMessages.search} />}
      {search.isError && (
        <Alert color="red" role="alert">
          {searchErrorText(search.error, brand?.contactEmail)}
        </Alert>
      )}
      {search.isSuccess && citations.length === 0 && (
        <Alert color="yellow" role="status">
          {citationMessages.noResults}
        </Alert>
      )}
      {suggestions.data && suggestions.data.plates.length > 0 && (
        <Stack gap={4} data-testid="plate-suggestions" role="status">
          <Text fw={600}>
            {`${citationMessages.didYouMean} `}
            {suggestions.data.plates.map((suggested, index) => (
              <span key={suggested}>
                {index > 0 && ', '}
                <Anchor component={Link} to={paths.citations({ plate: suggested })}>
                  {suggested}
                </Anchor>
              </span>
            ))}
            ?
          </Text>
          <Text size="sm" c="dimmed">
            {citationMessages.didYouMeanHint}
          </Text>
        </Stack>
      )}
      {citations.length > 0 && (
        <>
          <ResponsiveTable columns={citationColumns()} minWidth={640} verticalSpacing="sm" highlightOnHover>
            {citations.map((citation) => (
              <CitationRow key={citation.uuid} citation={citation} timeZone={timeZone} />
            ))}
          </ResponsiveTable>
          <Group justify="flex-end">
            <Text size="lg" fw={700} data-testid="total-amount-due">
              {citationMessages.totalAmountDue}: {formatMoney(citationsTotalDue(citations))}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
