import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { lookUpPlateContract, type PlateLookup } from '../../../../shared/contract';
import { formatDate, formatMoney } from '../../../../shared/format';
import { consoleDeskMessages as m } from '../../../../shared/messages/console-desk';
import { fillMessage } from '../../../../shared/messages/fill';
import { paymentStatusText } from '../../../../shared/rules/citation-status';
import { canonicalPlate } from '../../../../shared/rules/plates';
import { useTenantTimeZone } from '../../../app/brand';
import { paths } from '../../../app/page-paths';
import { ResponsiveTable } from '../../../components/responsive-table';
import { contractQuery } from '../../../lib/contract-query';
import { APPROVE_GREEN, DENY_RED } from '../../operator/colors';
import { statusBadgeColor } from '../notices/notice-status';
import { callAsOperator } from '../operator-call';
import { PassStatusBadge } from '../passes/pass-status';
import { QueryState } from '../query-state';

function CoverBanner({ lookup, timeZone }: { lookup: PlateLookup; timeZone: string }) {
  const until = lookup.coveredUntil ? formatDate(lookup.coveredUntil, timeZone, 'dateTime') : '';
  return (
    <Alert
      color={lookup.isCovered ? 'green' : 'red'}
      variant="light"
      role="status"
      title={lookup.isCovered ? fillMessage(m.plateCovered, { until }) : m.plateNotCovered}
      // The light tint's own title colour is too pale on it (axe): the console's decision colours.
      styles={{ title: { color: lookup.isCovered ? APPROVE_GREEN : DENY_RED } }}
    >
      <Text size="sm">{lookup.isCovered ? m.plateCoveredDetail : m.plateNotCoveredDetail}</Text>
      <Text size="xs" c="gray.8">
        {fillMessage(m.plateCheckedAt, { time: formatDate(lookup.checkedAt, timeZone, 'dateTime') })}
      </Text>
    </Alert>
  );
}

/** A warning of its own: a plate can be covered today and still owe three notices. */
function RepeatOffenderAlert({ message }: { message: string }) {
  return (
    <Alert color="orange" variant="light" role="status">
      <Text size="sm" fw={700} data-testid="plate-repeat-offender">
        {message}
      </Text>
    </Alert>
  );
}

function Section(props: { title: string; link?: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {props.title}
        </Title>
        {props.link && (
          <Anchor component={Link} to={props.link.to} size="sm">
            {props.link.label}
          </Anchor>
        )}
      </Group>
      {props.children}
    </Stack>
  );
}

function PassesSection({ lookup, timeZone }: { lookup: PlateLookup; timeZone: string }) {
  return (
    <Section
      title={m.platePassesTitle}
      link={{ to: paths.console.passes({ q: lookup.plate }), label: m.searchPassesLink }}
    >
      {lookup.passes.length === 0 ? (
        <Text c="dimmed">{m.platePassesEmpty}</Text>
      ) : (
        <ResponsiveTable
          minWidth={640}
          verticalSpacing="sm"
          columns={[
            { label: m.columnPass, isUnlabelledOnPhone: true },
            { label: m.columnProduct },
            { label: m.columnStatus },
            { label: m.columnHolder },
            { label: m.columnValid },
          ]}
        >
          {lookup.passes.map((pass) => (
            <Table.Tr key={pass.uuid}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Link to={paths.console.pass(pass.uuid)}>{pass.customerPermitId}</Link>
                  {pass.isCovering && (
                    <Badge color="green" c="dark.9" variant="light">
                      {m.plateCoveringBadge}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{pass.permitName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <PassStatusBadge status={pass.paidStatus} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{pass.holderName ?? m.noHolder}</Text>
                {pass.holderEmail && (
                  <Text size="xs" c="dimmed">
                    {pass.holderEmail}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {fillMessage(m.validRange, {
                  from: formatDate(pass.issuedOn, timeZone, 'dateTime'),
                  to: formatDate(pass.expiresAt, timeZone, 'dateTime'),
                })}
              </Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
      )}
    </Section>
  );
}

function NoticesSection({ lookup, timeZone }: { lookup: PlateLookup; timeZone: string }) {
  return (
    <Section
      title={m.plateNoticesTitle}
      link={{ to: paths.console.notices({ q: lookup.plate }), label: m.searchNoticesLink }}
    >
      {lookup.openNoticeCount === 0 ? (
        <Text c="dimmed">{m.plateNoticesEmpty}</Text>
      ) : (
        <>
          <Text size="sm" fw={600}>
            {fillMessage(m.plateNoticesSummary, {
              count: lookup.openNoticeCount,
              total: formatMoney(lookup.openNoticeTotal),
            })}
          </Text>
          {lookup.openNoticeCount > lookup.openNotices.length && (
            <Text size="sm" c="dimmed">
              {fillMessage(m.plateNoticesMore, {
                shown: lookup.openNotices.length,
                count: lookup.openNoticeCount,
              })}
            </Text>
          )}
          <ResponsiveTable
            minWidth={600}
            verticalSpacing="sm"
            columns={[
              { label: m.columnNotice, isUnlabelledOnPhone: true },
              { label: m.columnIssued },
              { label: m.columnCode },
              { label: m.columnStatus },
              { label: m.columnDue },
            ]}
          >
            {lookup.openNotices.map((notice) => (
              <Table.Tr key={notice.uuid}>
                <Table.Td>
                  <Link to={paths.console.notice(notice.uuid)}>{notice.citationNumber}</Link>
                </Table.Td>
                <Table.Td>{formatDate(notice.createdOn, timeZone, 'dateTime')}</Table.Td>
                <Table.Td>
                  <Text size="sm">{notice.citationName ?? '—'}</Text>
                  {notice.location && (
                    <Text size="xs" c="dimmed">
                      {notice.location}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    color={statusBadgeColor(notice.paymentStatus)}
                    c="dark.8"
                    variant="light"
                    style={{ overflow: 'visible' }}
                  >
                    {paymentStatusText(notice.paymentStatus)}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatMoney(notice.amountDue)}</Table.Td>
              </Table.Tr>
            ))}
          </ResponsiveTable>
        </>
      )}
    </Section>
  );
}

function ScansSection({ lookup, timeZone }: { lookup: PlateLookup; timeZone: string }) {
  return (
    <Section title={m.plateScansTitle}>
      {lookup.recentScans.length === 0 ? (
        <Text c="dimmed">{m.plateScansEmpty}</Text>
      ) : (
        <ResponsiveTable
          minWidth={600}
          verticalSpacing="sm"
          columns={[
            { label: m.columnSeen, isUnlabelledOnPhone: true },
            { label: m.columnWhere },
            { label: m.columnBy },
            { label: m.columnAlert },
          ]}
        >
          {lookup.recentScans.map((scan) => (
            <Table.Tr key={scan.uuid}>
              <Table.Td>{formatDate(scan.capturedAt, timeZone, 'dateTime')}</Table.Td>
              <Table.Td>
                {scan.latitude === null || scan.longitude === null ? (
                  m.noLocation
                ) : (
                  <Anchor
                    href={`https://www.openstreetmap.org/?mlat=${scan.latitude}&mlon=${scan.longitude}#map=18/${scan.latitude}/${scan.longitude}`}
                    target="_blank"
                    rel="noreferrer"
                    size="sm"
                  >
                    {`${scan.latitude.toFixed(5)}, ${scan.longitude.toFixed(5)}`}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>{scan.fullname ?? '—'}</Table.Td>
              <Table.Td>{scan.alertMessage ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
      )}
    </Section>
  );
}

/**
 * /dashboard/plates and /dashboard/plates/:plate: what the desk or an officer asks first about a
 * plate. The plate lives in the address, so a result can be shared and Back returns to it.
 */
export function PlateLookupPage() {
  const navigate = useNavigate();
  const timeZone = useTenantTimeZone();
  const plate = canonicalPlate(useParams().plate);
  const [draft, setDraft] = useState(plate);
  const [inputError, setInputError] = useState<string | null>(null);
  useEffect(() => setDraft(plate), [plate]);

  const lookup = useQuery({
    ...contractQuery(lookUpPlateContract, { params: { plate } }, callAsOperator),
    enabled: plate !== '',
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = canonicalPlate(draft);
    if (!next) {
      setInputError(m.plateRequired);
      return;
    }
    setInputError(null);
    navigate(paths.console.plate(next));
  }

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{plate ? fillMessage(m.plateResultTitle, { plate }) : m.plateTitle}</Title>
        <Text c="dimmed">{m.plateIntro}</Text>
      </div>
      <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={m.plateTitle}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={m.plateLabel}
            placeholder={m.platePlaceholder}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            error={inputError}
            maxLength={64}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            style={{ flex: '1 1 220px' }}
            data-autofocus
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }}>
            {m.plateSubmit}
          </Button>
        </Group>
      </Paper>
      {plate && (
        <QueryState
          isLoading={lookup.isLoading}
          error={lookup.error}
          isEmpty={false}
          loadingLabel={m.plateTitle}
          emptyText=""
        >
          {lookup.data && (
            <Stack gap="xl">
              <Stack gap="xs">
                <CoverBanner lookup={lookup.data} timeZone={timeZone} />
                {lookup.data.repeatOffenderMessage && (
                  <RepeatOffenderAlert message={lookup.data.repeatOffenderMessage} />
                )}
              </Stack>
              <PassesSection lookup={lookup.data} timeZone={timeZone} />
              <NoticesSection lookup={lookup.data} timeZone={timeZone} />
              <ScansSection lookup={lookup.data} timeZone={timeZone} />
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
