import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  type AccessCode,
  type BulkResult,
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
import { paginationControlProps, paginationItemProps } from '../../../components/pagination-labels';
import { contractKey, contractMutation, contractQuery } from '../../../lib/contract-query';
import { useApiForm } from '../../../lib/use-api-form';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';
import { useOperatorCan } from '../console-api';
import { DataTable } from '../data-table';
import { BulkActions, BulkOutcome, RowCheckbox, useBulkCall, useRowSelection } from '../list-kit';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from '../passes/confirm-dialog';
import { QueryState } from '../query-state';
import { consoleProductsKey } from './products-page';

const PAGE_SIZE = 50;

/** The codes as a CSV file (code, status, created, used), for printing or mail merges. */
export function accessCodesCsv(codes: AccessCode[]): string {
  const rows = codes.map((code) =>
    [
      code.code,
      code.usedAt ? 'used' : 'unused',
      code.createdAt,
      code.usedAt ?? '',
      code.usedByPassUUID ?? '',
    ].join(','),
  );
  return ['code,status,created_at,used_at,pass_uuid', ...rows].join('\r\n');
}

function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
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
      <form
        onSubmit={(event) => {
          setNotice(null);
          onSubmit(event);
        }}
        noValidate
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label={m.count}
            min={1}
            max={1000}
            allowDecimal={false}
            w={140}
            {...form.getInputProps('count')}
          />
          <TextInput label={m.prefix} maxLength={32} w={200} {...form.getInputProps('prefix')} />
          <Button type="submit" loading={isSubmitting} mt={25}>
            {m.generate}
          </Button>
        </Group>
        {formError && (
          <Alert color="red" role="alert" mt="sm">
            {formError}
          </Alert>
        )}
        {notice && (
          <Alert color="green" role="status" mt="sm">
            {notice}
          </Alert>
        )}
      </form>
    </Card>
  );
}

/**
 * /dashboard/products/:uuid/codes: a product's access codes: generate a batch, list, export, and
 * revoke one, the ticked ones, or every unused code (issue 33's bulk revoke, one call).
 */
export function AccessCodesPage() {
  const { uuid = '' } = useParams();
  const timeZone = useTenantTimeZone();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<string | null>(null);
  const canManage = useOperatorCan('access-code.manage');
  const products = useQuery(contractQuery(listConsoleProductsContract, {}, callAsOperator));
  const codes = useQuery(contractQuery(listAccessCodesContract, { params: { uuid } }, callAsOperator));
  // What a revoke or a new batch makes stale: this product's codes and the products' unused counts.
  const changedKeys = [contractKey(listAccessCodesContract, { params: { uuid } }), consoleProductsKey];
  const refresh = () =>
    Promise.all(changedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const revokeOne = useMutation({
    ...contractMutation(revokeAccessCodeContract, callAsOperator),
    onSuccess: refresh,
  });
  const revokeMany = useBulkCall(revokeAccessCodesContract, changedKeys);
  // Only unused codes can be revoked: they are the rows to select, and "all matching" is all of them.
  const [selection, setSelection] = useRowSelection({ uuid });
  const [outcome, setOutcome] = useState<BulkResult | null>(null);
  const product = products.data?.items.find((item) => item.uuid === uuid);
  const items = codes.data?.items ?? [];
  const used = items.filter((code) => code.status === 'used').length;
  const revoked = items.filter((code) => code.status === 'revoked').length;
  const unused = items.length - used - revoked;
  const shown = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const canSelect = canManage && unused > 0;

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={paths.console.products()}>
        {consoleProductMessages.backToList}
      </Anchor>
      <Title order={1}>{fillMessage(m.title, { name: product?.name ?? '…' })}</Title>
      {canManage && <GenerateForm productId={uuid} onGenerated={refresh} />}
      {outcome && <BulkOutcome result={outcome} onClose={() => setOutcome(null)} />}
      <QueryState
        isLoading={codes.isLoading}
        error={codes.error}
        isEmpty={items.length === 0}
        loadingLabel={m.loading}
        emptyText={m.empty}
      >
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {fillMessage(m.summary, {
              unused: formatNumber(unused),
              used: formatNumber(used),
              revoked: formatNumber(revoked),
            })}
          </Text>
          <Button
            variant="default"
            onClick={() => downloadCsv(`access-codes-${product?.name ?? uuid}.csv`, accessCodesCsv(items))}
          >
            {m.exportCsv}
          </Button>
        </Group>
        {canSelect && (
          <BulkActions
            pageIds={shown.filter((code) => code.status === 'unused').map((code) => code.code)}
            total={unused}
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
                        ? { matching: { status: 'unused' } }
                        : { codes: [...chosen.ids] },
                    },
                  }),
              },
            ]}
          />
        )}
        <DataTable
          minWidth={560}
          verticalSpacing="xs"
          columns={[
            ...(canSelect ? [{ label: bulkMessages.selectColumn, isLabelHidden: true }] : []),
            m.columnCode,
            m.columnCreated,
            m.columnStatus,
            m.columnActions,
          ]}
        >
          {shown.map((code) => (
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
              <Table.Td ff="monospace">{code.code}</Table.Td>
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
                {code.status !== 'unused'
                  ? code.usedByPassUUID && (
                      <Anchor component={Link} to={paths.console.pass(code.usedByPassUUID)}>
                        {m.openPass}
                      </Anchor>
                    )
                  : canManage && (
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
        {items.length > PAGE_SIZE && (
          <Pagination
            total={Math.ceil(items.length / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            getControlProps={paginationControlProps}
            getItemProps={paginationItemProps}
          />
        )}
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
