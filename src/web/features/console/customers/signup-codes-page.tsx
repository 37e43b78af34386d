import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { issueSignupCodesContract, SIGNUP_CODE_BATCH_MAX } from '../../../../shared/contract';
import { formatDate } from '../../../../shared/format';
import { consoleCustomerMessages as m } from '../../../../shared/messages/console-customers';
import { fillMessage } from '../../../../shared/messages/fill';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { FailureAlert } from '../../../components/form-alerts';
import { contractMutation } from '../../../lib/contract-query';
import { DataTable } from '../data-table';
import { callAsOperator } from '../operator-call';
import { QueryError } from '../query-state';
import { signupCodesKey, useSignupCodes } from './api';

/** /dashboard/customers/signup-codes: issue batches of single-use sign-up codes and see who used them. */
export function SignupCodesPage() {
  const timeZone = useTenantTimeZone();
  const queryClient = useQueryClient();
  const codes = useSignupCodes();
  const [count, setCount] = useState<number | string>(10);
  const [issued, setIssued] = useState<number | null>(null);
  const issue = useMutation({
    ...contractMutation(issueSignupCodesContract, callAsOperator),
    onMutate: () => setIssued(null),
    onSuccess: async (batch) => {
      setIssued(batch.length);
      await queryClient.invalidateQueries({ queryKey: signupCodesKey });
    },
  });
  const error = issue.error?.message ?? null;
  const isBusy = issue.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isBusy) issue.mutate({ body: { count: Number(count) } });
  };

  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to={paths.console.customers()}>
        {m.backToList}
      </Anchor>
      <Title order={1}>{m.signupCodesTitle}</Title>
      <Text>{m.signupCodesIntro}</Text>
      <Paper withBorder p="md" component="form" onSubmit={submit}>
        <Group align="flex-end">
          <NumberInput
            label={m.countLabel}
            min={1}
            max={SIGNUP_CODE_BATCH_MAX}
            value={count}
            onChange={setCount}
            allowDecimal={false}
            w={140}
          />
          <Button type="submit" loading={isBusy}>
            {m.issueCodes}
          </Button>
        </Group>
      </Paper>
      <FailureAlert message={error} />
      {issued !== null && (
        <Alert color="green" role="status">
          {fillMessage(m.codesIssued, { count: issued })}
        </Alert>
      )}
      <QueryError error={codes.error} />
      {codes.isLoading && <Loader aria-label={m.signupCodesTitle} />}
      {codes.data?.length === 0 && <Text role="status">{m.signupCodesEmpty}</Text>}
      {codes.data && codes.data.length > 0 && (
        <DataTable minWidth={480} striped columns={[m.columnCode, m.columnCreated, m.columnUsed]}>
          {codes.data.map((code) => (
            <Table.Tr key={code.code}>
              <Table.Td ff="monospace">{code.code}</Table.Td>
              <Table.Td>{formatDate(code.createdAt, timeZone, 'dateTime')}</Table.Td>
              <Table.Td>
                {code.usedAt ? fillMessage(m.usedBy, { email: code.usedByEmail ?? '—' }) : m.unused}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
