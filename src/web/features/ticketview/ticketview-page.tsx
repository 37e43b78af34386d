import { Button, Group, Image, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { citationQrCodePath } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { ticketviewMessages as m } from '../../../shared/messages';
import { useBrand, useTenantTimeZone } from '../../app/brand';
import { headlineAmount } from '../../components/facts-table';
import { useCitation } from '../citations/api';
import { upcomingPenaltyText } from '../citations/citation-presenters';
import './ticketview.css';
import { paths } from '../../app/page-paths';

/**
 * /citations/{uuid}/ticketview: the notice as it would be left on a windscreen, one printed page,
 * with a QR code the server draws to the notice's page. Another tenant's notice goes to /404.
 */
export function TicketviewPage() {
  const { citationUUID } = useParams();
  const brand = useBrand();
  const timeZone = useTenantTimeZone();
  const query = useCitation(citationUUID);

  if (query.isLoading) return <Loader aria-label={m.loading} />;
  const citation = query.data;
  if (!citation || !brand || citation.entityUUID !== brand.entityUUID)
    return <Navigate to={paths.notFound()} replace />;

  const rows: Array<[string, string | null]> = [
    [m.citationNumber, citation.citationNumber],
    [m.issued, formatDate(citation.createdOn, timeZone, 'dateTime')],
    [m.plate, citation.plate],
    [m.stateProv, citation.stateProv],
    [m.make, citation.make],
    [m.color, citation.color],
    [m.location, citation.location],
    [m.comments, citation.comments],
    // The same figure as the notice's page: due today (penalties included), paid, or voided.
    [m.amount, headlineAmount(citation).amount],
    [m.amountStatus, headlineAmount(citation).label],
    [m.latePenalties, upcomingPenaltyText(citation)],
  ];
  return (
    <Stack gap="md" className="ticketview" maw={720} mx="auto">
      <Group justify="space-between" align="center">
        <Title order={1}>{`${brand.brandTitle} — ${m.title}`}</Title>
        <Button className="ticketview__print" variant="outline" onClick={() => window.print()}>
          {m.print}
        </Button>
      </Group>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160}>{label}</Table.Th>
              <Table.Td data-testid={`ticket-${label}`}>{value ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4} align="center">
        <Image
          src={citationQrCodePath(citation.uuid)}
          alt={m.qrAlt}
          data-testid="ticket-qr"
          className="ticketview__qr"
        />
        <Text size="sm">{m.scanToPay}</Text>
      </Stack>
    </Stack>
  );
}
