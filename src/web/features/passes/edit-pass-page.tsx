import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { IssuedPermit } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { fromLocalWallTime, toLocalWallTime } from '../../../shared/format/zoned-time';
import {
  fillMessage,
  passDashboardMessages,
  passEditMessages,
  passMessages,
  passScreenMessages,
} from '../../../shared/messages';
import { useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { FailureAlert, SavedAlert } from '../../components/form-alerts';
import { useIssuedPermit } from './api';
import { useCancelPass, useSetPassTimes } from './edit-api';
import { CustomFieldsCard, PassHolderCard } from './pass-holder-card';
import { PassVehiclesCard } from './pass-vehicles-card';

/** The datetime-local value of an instant in the tenant's zone ('2026-11-20T09:00'). */
const toInputValue = (instant: string, timeZone: string) =>
  toLocalWallTime(new Date(instant), timeZone).slice(0, 16);

/** Whether the pass is over: its vehicles, holder and times are then a record, not a form. */
function isChangeable(permit: IssuedPermit): boolean {
  if (['canceled', 'rejected', 'expired'].includes(permit.paidStatus)) return false;
  return !(permit.paidStatus === 'paid' && Date.parse(permit.expiresAt) <= Date.now());
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Start and end, editable when the product allows it (canEditTimes), in the tenant's zone. */
function TimesCard(props: { permit: IssuedPermit; isEditable: boolean }) {
  const { permit } = props;
  const timeZone = useTenantTimeZone();
  const setTimes = useSetPassTimes(permit.uuid);
  const [start, setStart] = useState(toInputValue(permit.issuedOn, timeZone));
  const [end, setEnd] = useState(toInputValue(permit.expiresAt, timeZone));
  // The form's own check comes before any call; the server's refusal is the mutation's error.
  const [invalidTimes, setInvalidTimes] = useState<string | null>(null);
  const problem = invalidTimes ?? (setTimes.error ? errorText(setTimes.error) : null);

  const save = () => {
    // The last answer ("saved" or a refusal) is not this attempt's.
    setTimes.reset();
    if (!start || !end) return setInvalidTimes(passMessages.startAndEndRequired);
    const issuedAt = fromLocalWallTime(`${start}:00.000`, timeZone);
    const expiresAt = fromLocalWallTime(`${end}:00.000`, timeZone);
    if (expiresAt <= issuedAt) return setInvalidTimes(passMessages.endBeforeStart);
    setInvalidTimes(null);
    setTimes.mutate({ issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString() });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="times-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="times-title">
          {passEditMessages.timesTitle}
        </Title>
        <FailureAlert message={problem} />
        <SavedAlert isShown={setTimes.isSuccess} failure={problem} message={passEditMessages.timesSaved} />
        {props.isEditable ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={passScreenMessages.startLabel}
              value={start}
              onChange={(event) => setStart(event.currentTarget.value)}
              required
            />
            <TextInput
              type="datetime-local"
              label={passScreenMessages.endLabel}
              value={end}
              min={start}
              onChange={(event) => setEnd(event.currentTarget.value)}
              required
            />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                {passScreenMessages.passStarts}
              </Text>
              <Text fw={600}>{formatDate(permit.issuedOn, timeZone, 'dateTime')}</Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                {passScreenMessages.passEnds}
              </Text>
              <Text fw={600}>{formatDate(permit.expiresAt, timeZone, 'dateTime')}</Text>
            </Stack>
          </SimpleGrid>
        )}
        <Text size="xs" c="dimmed">
          {fillMessage(passScreenMessages.timeZoneNote, { zone: timeZone })}
        </Text>
        {props.isEditable && (
          <Group justify="flex-end">
            <Button onClick={save} loading={setTimes.isPending}>
              {passEditMessages.saveTimes}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * 'Cancel Permit' with the spec's confirmation, for whoever holds the pass's link (decision 178):
 * hidden once canceled, unless a recurring pass's renewal has not stopped yet.
 */
function CancelPermit(props: { permit: IssuedPermit }) {
  const cancel = useCancelPass(props.permit.uuid);
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Button
        color="red.8"
        variant="outline"
        onClick={() => setIsConfirming(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {passEditMessages.cancelPermit}
      </Button>
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={passMessages.cancelConfirmTitle}
        centered
        closeButtonProps={{ 'aria-label': passScreenMessages.close }}
      >
        <Stack gap="md">
          <Text>{passMessages.cancelConfirmBody}</Text>
          {cancel.error && (
            <Alert color="red" role="alert">
              {errorText(cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)} data-autofocus>
              {passEditMessages.keepPermit}
            </Button>
            <Button
              color="red.8"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => setIsConfirming(false) })}
            >
              {passEditMessages.confirmCancel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The guest pass edit (/permit/issued/{uuid}/edit, part 2 section 2): no sign-in — the uuid is the
 * capability — with the permit summary, start and end, 'Edit vehicles', the passholder and custom
 * fields, and 'Cancel Permit' (the promise of the success page and the emailed link, issue 27).
 */
export function EditPassPage() {
  const { permitissueduuid = '' } = useParams();
  const permit = useIssuedPermit(permitissueduuid);
  const timeZone = useTenantTimeZone();
  useDocumentTitle(passEditMessages.editTitle);

  if (permit.isError) return <Navigate to={paths.notFound()} replace />;
  if (!permit.data) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={passEditMessages.loading} />
      </Group>
    );
  }
  const data = permit.data;
  const changeable = isChangeable(data);
  const isCanceled = data.paidStatus === 'canceled';
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <Anchor component={Link} to={paths.passes.receipt(data.uuid)}>
        ← {passEditMessages.backToPass}
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>{passEditMessages.editTitle}</Title>
        <Group gap="sm">
          <Text fw={600}>{data.permitName}</Text>
          <Text c="dimmed">{fillMessage(passEditMessages.permitNumber, { id: data.customerPermitId })}</Text>
          {data.paidStatus === 'canceled' && <Badge color="red.8">{passEditMessages.canceledBadge}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {formatDate(data.issuedOn, timeZone, 'dateTime')} –{' '}
          {formatDate(data.expiresAt, timeZone, 'dateTime')}
        </Text>
      </Stack>
      {isCanceled && (
        <Alert color="gray" role="status" data-testid="canceled-notice">
          <Stack gap={4}>
            <Text size="sm">{passMessages.canceledOrVoided}</Text>
            {data.isRecurring && (
              <Text size="sm" fw={600} data-testid="renewal-state">
                {data.isRenewing ? passEditMessages.renewalNotStopped : passDashboardMessages.renewalStopped}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {!changeable && data.paidStatus !== 'canceled' && (
        <Alert color="gray" role="status">
          {passEditMessages.notChangeable}
        </Alert>
      )}
      <TimesCard permit={data} isEditable={changeable && data.canEditTimes} />
      <PassVehiclesCard permit={data} isChangeable={changeable} />
      <PassHolderCard permit={data} isChangeable={changeable} />
      <CustomFieldsCard permit={data} isChangeable={changeable} />
      {((changeable && !isCanceled) || (isCanceled && data.isRenewing)) && <CancelPermit permit={data} />}
    </Stack>
  );
}
