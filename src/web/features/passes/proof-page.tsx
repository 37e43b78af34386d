import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatDate } from '../../../shared/format/dates';
import { fillMessage, passDashboardMessages as m } from '../../../shared/messages';
import { useDocumentTitle } from '../../app/use-document-title';
import { usePassProof } from './living-api';
import { STATUS_COLOURS } from './status-colours';

/**
 * /permit/proof/{proofUUID}: what an officer sees after scanning a pass's QR code. Big type, the
 * verdict first, then plate, product and validity; nothing about the holder (decision 141).
 */
export function PassProofPage() {
  const { proofUUID = '' } = useParams();
  const proof = usePassProof(proofUUID);
  useDocumentTitle(m.proofPageTitle);

  if (proof.isPending) return <Loader aria-label={m.loading} />;
  if (proof.isError || !proof.data) {
    return (
      <Alert color="red" role="alert" maw={560} mx="auto">
        {m.proofNotFound}
      </Alert>
    );
  }
  const { data } = proof;
  const when = (instant: string) => formatDate(instant, data.timeZone, 'dateTime');
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" component="section" aria-labelledby="proof-title">
      <Stack gap="md">
        <Title order={1} size="h2" id="proof-title">
          {m.proofPageTitle}
        </Title>
        <Group gap="sm">
          <Badge
            size="xl"
            variant="filled"
            color={data.isValidNow ? STATUS_COLOURS.good : STATUS_COLOURS.bad}
            data-testid="proof-verdict"
          >
            {data.isValidNow ? m.proofValidNow : m.proofNotValidNow}
          </Badge>
          <Text fw={600}>{data.statusText}</Text>
        </Group>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {m.proofPlates}
          </Text>
          {data.plates.length === 0 ? (
            <Text fw={700}>{m.proofNoPlate}</Text>
          ) : (
            data.plates.map((plate) => (
              <Text key={plate.plate} fz={28} fw={800} data-testid="proof-plate">
                {plate.plate}
                {plate.state ? ` · ${plate.state}` : ''}
              </Text>
            ))
          )}
        </Stack>
        <Text fw={600}>{data.productName}</Text>
        <Group gap="xl">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {m.validFrom}
            </Text>
            <Text>{when(data.validFrom)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {m.validTo}
            </Text>
            <Text>{when(data.validTo)}</Text>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed">
          {fillMessage(m.proofCheckedAt, { time: when(data.checkedAt) })}
        </Text>
      </Stack>
    </Card>
  );
}
