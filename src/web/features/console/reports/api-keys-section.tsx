import {
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ConsoleApiKey,
  createApiKeyBodySchema,
  createApiKeyContract,
  listApiKeysContract,
  revokeApiKeyContract,
} from '../../../../shared/contract';
import { formatDate } from '../../../../shared/format';
import { apiKeyMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { useTenantTimeZone } from '../../../app/brand';
import { Dialog } from '../../../components/dialog';
import { InlineForm } from '../../../components/inline-form';
import { ApiError } from '../../../lib/api-client';
import { contractKey, contractQuery } from '../../../lib/contract-query';
import { useApiForm } from '../../../lib/use-api-form';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';
import { DataTable } from '../data-table';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from '../passes/confirm-dialog';
import { QueryState } from '../query-state';

const apiKeysKey = contractKey(listApiKeysContract);

/** The new key, shown once with a copy button; closing the dialog forgets it. */
function NewKeyDialog(props: { apiKey: string; onClose: () => void }) {
  return (
    <Dialog title={m.shownOnceTitle} onClose={props.onClose} closeLabel={m.closeDialog}>
      <Stack gap="md">
        <Text>{m.shownOnceBody}</Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="new-api-key">
          {props.apiKey}
        </Code>
        <Group justify="space-between">
          <CopyButton value={props.apiKey}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? m.copied : m.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={props.onClose}>{m.close}</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

function KeyRow(props: { apiKey: ConsoleApiKey; timeZone: string; onRevoke: () => void }) {
  const { apiKey, timeZone } = props;
  return (
    <Table.Tr>
      <Table.Td>{apiKey.name}</Table.Td>
      <Table.Td ff="monospace">{`${apiKey.prefix}…`}</Table.Td>
      <Table.Td>{apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt, timeZone, 'dateTime') : m.never}</Table.Td>
      <Table.Td>
        {apiKey.revokedAt ? (
          <Badge color="gray.3" c="dark.9">
            {fillMessage(m.revokedOn, { date: formatDate(apiKey.revokedAt, timeZone, 'date') })}
          </Badge>
        ) : (
          <Badge color={APPROVE_GREEN}>{m.active}</Badge>
        )}
      </Table.Td>
      <Table.Td>
        {!apiKey.revokedAt && (
          <Button
            size="compact-sm"
            variant="subtle"
            color={DENY_RED}
            aria-label={fillMessage(m.revokeLabel, { name: apiKey.name })}
            onClick={props.onRevoke}
          >
            {m.revoke}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Enforcement API keys (tenant admins): list with prefix, last use and state; create (the key is
 * shown once); revoke. Operators whose role may not manage keys do not see the section at all.
 */
export function ApiKeysSection() {
  const timeZone = useTenantTimeZone();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ConsoleApiKey | null>(null);
  const query = useQuery({
    ...contractQuery(listApiKeysContract, {}, callAsOperator),
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: createApiKeyBodySchema,
    initialValues: { name: '' },
    submit: (body) => callAsOperator(createApiKeyContract, { body }),
    onSuccess: async (result) => {
      setCreated(result.key);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
    describeError: (error) => (error as Error).message,
  });
  if (query.error instanceof ApiError && query.error.status === 403) return null;
  const items = query.data?.items ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="api-keys-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="api-keys-title">
          {m.title}
        </Title>
        <Text size="sm">{m.intro}</Text>
        <InlineForm
          onSubmit={onSubmit}
          submitLabel={m.create}
          isSubmitting={isSubmitting}
          failure={formError}
        >
          <TextInput label={m.name} maxLength={100} w={280} {...form.getInputProps('name')} />
        </InlineForm>
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={items.length === 0}
          loadingLabel={m.loading}
          emptyText={m.empty}
        >
          <DataTable
            minWidth={600}
            verticalSpacing="xs"
            columns={[m.columnName, m.columnPrefix, m.columnLastUsed, m.columnStatus, m.columnActions]}
          >
            {items.map((apiKey) => (
              <KeyRow
                key={apiKey.uuid}
                apiKey={apiKey}
                timeZone={timeZone}
                onRevoke={() => setRevoking(apiKey)}
              />
            ))}
          </DataTable>
        </QueryState>
      </Stack>
      {created && <NewKeyDialog apiKey={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <ConfirmDialog
          title={fillMessage(m.revokeTitle, { name: revoking.name })}
          body={m.revokeBody}
          confirmLabel={m.revoke}
          cancelLabel={m.keep}
          onConfirm={async () => {
            await callAsOperator(revokeApiKeyContract, { params: { uuid: revoking.uuid } });
            await queryClient.invalidateQueries({ queryKey: apiKeysKey });
          }}
          onClose={() => setRevoking(null)}
        />
      )}
    </Card>
  );
}
