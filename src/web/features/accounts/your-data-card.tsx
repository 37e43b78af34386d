import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { privacyMessages } from '../../../shared/messages';
import { Dialog } from '../../components/dialog';
import { FailureAlert } from '../../components/form-alerts';
import { ApiError } from '../../lib/api-client';
import { useDownload } from '../../lib/use-download';
import { downloadMyData, useCloseAccount } from './api';

/** The password dialog: closing cannot be undone, so it is asked again (a wrong one is a 403). */
function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const closeAccount = useCloseAccount();
  const [password, setPassword] = useState('');
  const error = closeAccount.error;
  const errorText =
    error instanceof ApiError && [400, 403, 429].includes(error.status) ? error.message : error?.message;

  if (closeAccount.isSuccess) {
    return (
      <Dialog
        title={privacyMessages.closeTitle}
        onClose={closeAccount.finish}
        closeLabel={privacyMessages.closeDialog}
      >
        <Stack gap="md">
          <Alert color="green" role="status" data-testid="account-closed">
            {privacyMessages.closedNotice}
          </Alert>
          <Group justify="flex-end">
            {/* Forgetting the session takes the browser to the sign-in page. */}
            <Button onClick={closeAccount.finish}>{privacyMessages.closedOk}</Button>
          </Group>
        </Stack>
      </Dialog>
    );
  }
  return (
    <Dialog title={privacyMessages.closeTitle} onClose={onClose} closeLabel={privacyMessages.cancel}>
      <form
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          closeAccount.mutate({ currentPassword: password });
        }}
      >
        <Stack gap="md">
          <Text>{privacyMessages.closeWarning}</Text>
          <FailureAlert message={errorText} testId="close-error" />
          <PasswordInput
            label={privacyMessages.closePasswordLabel}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {privacyMessages.cancel}
            </Button>
            <Button type="submit" color="red.8" loading={closeAccount.isPending} disabled={!password}>
              {privacyMessages.closeConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** 'Your data' on the account screen (issue 28): download it all, or close the account. */
export function YourDataCard() {
  const [isClosing, setIsClosing] = useState(false);
  const {
    busy: busyFormat,
    error: downloadError,
    start: download,
  } = useDownload<'json' | 'csv'>({
    download: downloadMyData,
    describeError: (caught) =>
      caught instanceof ApiError && caught.status === 429 ? caught.message : privacyMessages.downloadFailed,
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="your-data-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="your-data-title">
          {privacyMessages.cardTitle}
        </Title>
        <Text>{privacyMessages.cardIntro}</Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => download('json')} loading={busyFormat === 'json'}>
            {privacyMessages.downloadJson}
          </Button>
          <Button variant="default" onClick={() => download('csv')} loading={busyFormat === 'csv'}>
            {privacyMessages.downloadCsv}
          </Button>
        </Group>
        <FailureAlert message={downloadError} testId="download-error" />
        <Group>
          <Button color="red.8" variant="outline" onClick={() => setIsClosing(true)}>
            {privacyMessages.closeAccount}
          </Button>
        </Group>
      </Stack>
      {isClosing && <CloseAccountDialog onClose={() => setIsClosing(false)} />}
    </Card>
  );
}
