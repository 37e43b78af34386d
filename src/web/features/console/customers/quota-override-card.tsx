import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { grantQuotaOverrideContract, listQuotaOverridesContract } from '../../../../shared/contract';
import { commonMessages, fillMessage, guestQuotaMessages as m } from '../../../../shared/messages';
import { FailureAlert } from '../../../components/form-alerts';
import { contractMutation, contractQuery } from '../../../lib/contract-query';
import { callAsOperator } from '../operator-call';

/**
 * A customer's guest quota (decision 223): the overrides waiting to be used, and granting one for
 * a product with a per-account quota. The next pass of that product past the cap takes it, once;
 * the server records the grant in the audit log.
 */
export function QuotaOverrideCard({ customerUuid }: { customerUuid: string }) {
  const queryClient = useQueryClient();
  const overridesQuery = contractQuery(
    listQuotaOverridesContract,
    { params: { uuid: customerUuid } },
    callAsOperator,
  );
  const overrides = useQuery(overridesQuery);
  const [productUuid, setProductUuid] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [granted, setGranted] = useState<string | null>(null);
  const grant = useMutation({
    ...contractMutation(grantQuotaOverrideContract, callAsOperator),
    onMutate: () => setGranted(null),
    onSuccess: (answer, input) => {
      queryClient.setQueryData(overridesQuery.queryKey, answer);
      setGranted(answer.products.find((product) => product.uuid === input.body.productUUID)?.name ?? '');
      setReason('');
    },
  });
  if (overrides.isPending) return <Loader size="sm" aria-label={commonMessages.loading} />;
  if (overrides.isError || overrides.data.products.length === 0) return null;
  const products = overrides.data.products;
  const chosen = productUuid ?? products[0]!.uuid;

  return (
    <Paper withBorder p="md" data-testid="quota-override-card">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          grant.mutate({
            params: { uuid: customerUuid },
            body: { productUUID: chosen, reason: reason.trim() || null },
          });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {m.overrideTitle}
          </Title>
          <Text size="sm">{m.overrideHelp}</Text>
          {overrides.data.pending.map((pending) => (
            <Text key={pending.uuid} size="sm">
              {fillMessage(m.overridePending, { product: pending.productName })}
            </Text>
          ))}
          <FailureAlert message={grant.error?.message} />
          {granted !== null && (
            <Alert color="green" role="status">
              {fillMessage(m.overrideGranted, { product: granted })}
            </Alert>
          )}
          <Select
            label={m.overrideProduct}
            data={products.map((product) => ({ value: product.uuid, label: product.name }))}
            value={chosen}
            allowDeselect={false}
            onChange={(value) => setProductUuid(value)}
          />
          <TextInput
            label={m.overrideReason}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={grant.isPending}>
              {m.overrideSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
