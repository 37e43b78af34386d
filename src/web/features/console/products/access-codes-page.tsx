import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ACCESS_CODE_FILTERS,
  type AccessCode,
  type AccessCodeFilter,
  buildPath,
  exportAccessCodesContract,
  generateAccessCodesBodySchema,
  generateAccessCodesContract,
  listAccessCodesContract,
  listConsoleProductsContract,
  revokeAccessCodeContract,
  revokeAccessCodesContract,
} from '../../../../shared/contract';
import { formatDate, formatNumber } from '../../../../shared/format';
import {
  bulkMessages,
  bulkWorkMessages,
  consoleProductMessages,
  accessCodeMessages as m,
} from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { InlineForm } from '../../../components/inline-form';
import { contractKey, contractMutation, contractQuery } from '../../../lib/contract-query';
import { useApiForm } from '../../../lib/use-api-form';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';
import { useOperatorCan } from '../console-api';
import { DataTable } from '../data-table';
import {
  BulkActions,
  downloadListExport,
  ExportingListBar,
  ListPager,
  ListSearch,
  RowCheckbox,
  useBulkCall,
  useBulkOutcome,
  useListParams,
  useRowSelection,
} from '../list-kit';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from '../passes/confirm-dialog';
import { QueryState } from '../query-state';
import { consoleProductsKey } from './products-page';

const FILTER_KEYS = ['q', 'status'] as const;
const FILTER_LABELS = (): Record<AccessCodeFilter, string> => ({
  all: m.filterAll,
  unused: m.filterUnused,
  used: m.filterUsed,
  revoked: m.filterRevoked,
});

function readFilter(value: string | undefined): AccessCodeFilter {
  return (ACCESS_CODE_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as AccessCodeFilter)
    : 'all';
}

function GenerateForm(props: { productId: string; onGenerated: (count: number) => Promise<unknown> }) {
  const [notice, setNotice] = useState<string | null>(null);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: generateAccessCodesBodySchema,
    initialValues: { count: 10, prefix: '' },
    submit: (body) =>
      callAsOperator(generateAccessCodesContract, { params: { uuid: props.productId }, body }),
    onSuccess: async (result) => {
      setNotice(fillMessage(m.generated, { count: result.codes.length }));
      await props.onGenerated(result.codes.length);
    },
    describeError: (error) => (error as Error).message,
  });
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {m.generateTitle}
      </Title>
      <InlineForm
        onSubmit={(event) => {
          setNotice(null);
          onSubmit(event);
        }}
        submitLabel={m.generate}
        isSubmitting={isSubmitting}
        failure={formError}
        outcome={
          notice && (
            <Alert color="green" role="status" mt="sm">
              {notice}
            </Alert>
          )
        }
      >
        <NumberInput
          label={m.count}
          min={1}
          max={1000}
          allowDecimal={false}
          w={140}
          {...form.getInputProps('count')}
        />
        <TextInput label={m.prefix} maxLength={32} w={200} {...form.getInputProps('prefix')} />
      </InlineForm>
    </Card>
  );
}

/**
 * The pass a code issued, as a link; a code that issued none says so (never an empty field, which
 * a phone's card would show as a bare "Pass" label).
 */
function CodePass({ code }: { code: AccessCode }) {
  if (code.usedByPassUUID) {
    return (
      <Anchor component={Link} to={paths.console.pass(code.usedByPassUUID)}>
        {code.plate
          ? fillMessage(m.passWithPlate, { number: code.passNumber ?? '', plate: code.plate })
          : (code.passNumber ?? m.openPass)}
      </Anchor>
    );
  }
  if (code.status === 'used') return null;
  return (
    <Text span size="sm" c="dimmed">
      {code.status === 'unused' ? m.notUsedYet : m.neverUsed}
    </Text>
  );
}

/**
 * /dashboard/products/:uuid/codes: a product's access codes: generate a batch; search them by code
 * or by the pass a code issued (number, plate, holder), filter by status, page and export what is
 * found (the search lives in the address); revoke one, the ticked ones, or every unused code the
 * search finds (issue 33's bulk revoke, one call).
 */
export function AccessCodesPage() {
  const { uuid = '' } = useParams();
  const timeZone = useTenantTimeZone();
  const queryClient = useQueryClient();
  const params = useListParams({ filters: FILTER_KEYS, sorts: ['created'] as const, defaultSort: 'created' });
  const q = params.filters.q ?? '';
  const status = readFilter(params.filters.status);
  const { page } = params;
  const [revoking, setRevoking] = useState<string | null>(null);
  const canManage = useOperatorCan('access-code.manage');
  const products = useQuery(contractQuery(listConsoleProductsContract, {}, callAsOperator));
  const codes = useQuery({
    ...contractQuery(
      listAccessCodesContract,
      { params: { uuid }, query: { q, status, page } },
      callAsOperator,
    ),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
  // What a revoke or a new batch makes stale: this product's codes and the products' unused counts.
  const changedKeys = [contractKey(listAccessCodesContract, { params: { uuid } }), consoleProductsKey];
  const refresh = () =>
    Promise.all(changedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const revokeOne = useMutation({
    ...contractMutation(revokeAccessCodeContract, callAsOperator),
    onSuccess: refresh,
  });
  const revokeMany = useBulkCall(revokeAccessCodesContract, changedKeys);
  // Only unused codes can be revoked: they are the rows to select, and "all matching" is every
  // unused code the search finds. A new search starts a new selection.
  const [selection, setSelection] = useRowSelection({ uuid, q, status });
  const [outcome, setOutcome] = useBulkOutcome();
  const product = products.data?.items.find((item) => item.uuid === uuid);
  const data = codes.data;
  const items = data?.items ?? [];
  const selectable = data && (status === 'all' || status === 'unused') ? data.counts.unused : 0;
  const canSelect = canManage && selectable > 0;

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={paths.console.products()}>
        {consoleProductMessages.backToList}
      </Anchor>
      <Title order={1}>{fillMessage(m.title, { name: product?.name ?? '…' })}</Title>
      {canManage && <GenerateForm productId={uuid} onGenerated={refresh} />}
      <ListSearch
        params={params}
        label={m.searchLabel}
        submitLabel={m.search}
        status={{
          label: m.statusLabel,
          value: status,
          options: ACCESS_CODE_FILTERS.map((value) => ({ value, label: FILTER_LABELS()[value] })),
          width: 180,
        }}
      />
      {outcome}
      <QueryState
        isLoading={codes.isLoading}
        error={codes.error}
        isEmpty={items.length === 0}
        loadingLabel={m.loading}
        emptyText={params.hasFilters ? m.emptySearch : m.empty}
      >
        {data && (
          <>
            <Text size="sm" c="dimmed">
              {fillMessage(m.summary, {
                unused: formatNumber(data.counts.unused),
                used: formatNumber(data.counts.used),
                revoked: formatNumber(data.counts.revoked),
              })}
            </Text>
            <ExportingListBar
              list={data}
              page={page}
              pageSize={data.pageSize}
              onExport={() =>
                downloadListExport(
                  { path: buildPath(exportAccessCodesContract, { uuid }) },
                  { q, status },
                  'access-codes.csv',
                )
              }
            />
          </>
        )}
        {canSelect && (
          <BulkActions
            pageIds={items.filter((code) => code.status === 'unused').map((code) => code.code)}
            total={selectable}
            selection={selection}
            onChange={setSelection}
            onDone={setOutcome}
            actions={[
              {
                label: bulkWorkMessages.revokeAction,
                color: DENY_RED,
                variant: 'outline',
                title: bulkWorkMessages.revokeTitle,
                body: bulkWorkMessages.revokeBody,
                confirmLabel: bulkWorkMessages.revokeConfirm,
                keepLabel: bulkWorkMessages.keep,
                run: (chosen) =>
                  revokeMany.mutateAsync({
                    params: { uuid },
                    body: {
                      selection: chosen.isAllMatching
                        ? { matching: { q, status: 'unused' } }
                        : { codes: [...chosen.ids] },
                    },
                  }),
              },
            ]}
          />
        )}
        <DataTable
          minWidth={640}
          verticalSpacing="xs"
          columns={[
            ...(canSelect ? [{ label: bulkMessages.selectColumn, isLabelHidden: true }] : []),
            m.columnCode,
            m.columnCreated,
            m.columnStatus,
            m.columnPass,
            m.columnActions,
          ]}
        >
          {items.map((code) => (
            <Table.Tr key={code.code}>
              {canSelect && (
                <Table.Td>
                  {code.status === 'unused' && (
                    <RowCheckbox
                      label={code.code}
                      id={code.code}
                      selection={selection}
                      onChange={setSelection}
                    />
                  )}
                </Table.Td>
              )}
              <Table.Td>
                {/* The code alone is monospace: a phone's card writes the cell's label in its font. */}
                <Text span inherit ff="monospace">
                  {code.code}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(code.createdAt, timeZone, 'date')}</Table.Td>
              <Table.Td>
                {code.usedAt ? (
                  <Badge color="gray.3" c="dark.9">
                    {fillMessage(code.status === 'revoked' ? m.revokedOn : m.usedOn, {
                      date: formatDate(code.usedAt, timeZone, 'date'),
                    })}
                  </Badge>
                ) : (
                  <Badge color={APPROVE_GREEN}>{m.unused}</Badge>
                )}
              </Table.Td>
              <Table.Td>
                <CodePass code={code} />
              </Table.Td>
              <Table.Td>
                {code.status === 'unused' && canManage && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color={DENY_RED}
                    aria-label={fillMessage(m.revokeLabel, { code: code.code })}
                    onClick={() => setRevoking(code.code)}
                  >
                    {m.revoke}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
        {data && <ListPager total={data} page={page} pageSize={data.pageSize} onPage={params.setPage} />}
      </QueryState>
      {revoking && (
        <ConfirmDialog
          title={fillMessage(m.revokeTitle, { code: revoking })}
          body={m.revokeBody}
          confirmLabel={m.revoke}
          cancelLabel={m.cancel}
          onConfirm={async () => {
            await revokeOne.mutateAsync({ params: { uuid, code: revoking } });
          }}
          onClose={() => setRevoking(null)}
        />
      )}
    </Stack>
  );
}
