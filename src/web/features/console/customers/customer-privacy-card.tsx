import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ConsoleCustomer,
  eraseCustomerContract,
  exportCustomerDataContract,
  exportCustomerDataCsvContract,
} from '../../../../shared/contract';
import { privacyMessages as m } from '../../../../shared/messages/privacy';
import { FailureAlert } from '../../../components/form-alerts';
import { API_BASE } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { useDownload } from '../../../lib/use-download';
import { readOperatorToken } from '../../operator/operator-session';
import { useOperatorCan } from '../console-api';
import { callAsOperator } from '../operator-call';
import { ConfirmDialog } from '../passes/confirm-dialog';
import { customerKey, customersKey } from './api';

const exportUrl = (path: string, uuid: string) =>
  `${API_BASE}${path.replace(':uuid', encodeURIComponent(uuid))}`;

/** The download of a customer's data, as JSON or CSV, on their request (audit-logged by the server). */
function ExportButtons({ customer }: { customer: ConsoleCustomer }) {
  const {
    busy,
    error,
    start: download,
  } = useDownload<'json' | 'csv'>({
    download: (kind) =>
      downloadFile({
        url: exportUrl(
          (kind === 'json' ? exportCustomerDataContract : exportCustomerDataCsvContract).path,
          customer.uuid,
        ),
        authorization: readOperatorToken() ?? '',
        fallbackName: `customer-data.${kind}`,
      }),
    describeError: (failure) => failure.message || m.downloadFailed,
  });
  return (
    <>
      <FailureAlert message={error} />
      <Group gap="sm">
        <Button
          variant="default"
          loading={busy === 'json'}
          disabled={busy !== null}
          onClick={() => download('json')}
        >
          {m.consoleDownloadJson}
        </Button>
        <Button
          variant="default"
          loading={busy === 'csv'}
          disabled={busy !== null}
          onClick={() => download('csv')}
        >
          {m.consoleDownloadCsv}
        </Button>
      </Group>
    </>
  );
}

/** Erasure on request: the operator types the customer's email again, as the server asks. */
function EraseButton({ customer, onErased }: { customer: ConsoleCustomer; onErased: () => void }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [confirmEmail, setConfirmEmail] = useState('');
  const close = () => {
    setIsOpen(false);
    setConfirmEmail('');
  };
  const erase = async () => {
    if (confirmEmail.trim().toLowerCase() !== customer.email.toLowerCase())
      throw new Error(m.consoleEmailMismatch);
    await callAsOperator(eraseCustomerContract, { params: { uuid: customer.uuid }, body: { confirmEmail } });
    onErased();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: customerKey(customer.uuid) }),
      queryClient.invalidateQueries({ queryKey: customersKey }),
    ]);
  };
  return (
    <>
      <Group>
        <Button color="red.8" onClick={() => setIsOpen(true)}>
          {m.consoleErase}
        </Button>
      </Group>
      {isOpen && (
        <ConfirmDialog
          title={m.consoleEraseTitle}
          body={m.consoleEraseWarning}
          confirmLabel={m.consoleErase}
          cancelLabel={m.cancel}
          onConfirm={erase}
          onClose={close}
        >
          <TextInput
            label={m.consoleConfirmEmailLabel}
            description={customer.email}
            value={confirmEmail}
            autoComplete="off"
            data-autofocus
            onChange={(event) => setConfirmEmail(event.currentTarget.value)}
          />
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * The customer's personal data on their request: export (tenant admins) and erasure. Shown only to
 * roles the server lets do them; a closed account has nothing left to export or erase.
 */
export function CustomerPrivacyCard({ customer }: { customer: ConsoleCustomer }) {
  const canExport = useOperatorCan('customer.export');
  const canErase = useOperatorCan('customer.erase');
  // Kept here: once erased, the account is closed and the erase button is gone with its state.
  const [isErased, setIsErased] = useState(false);
  if (!canExport && !canErase) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {m.consoleCardTitle}
        </Title>
        {isErased && (
          <Alert color="green" role="status">
            {m.consoleErased}
          </Alert>
        )}
        {customer.isClosed ? (
          <Text>{m.consoleClosedAccount}</Text>
        ) : (
          <>
            <Text size="sm">{m.consoleIntro}</Text>
            {canExport && <ExportButtons customer={customer} />}
            {canErase && <EraseButton customer={customer} onErased={() => setIsErased(true)} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
