import { Alert, Badge, Button, Group, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { operatorLoginContract, type PlateSnapshot } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { fillMessage, patrolMessages } from '../../../shared/messages';
// The app's counts are ICU plurals in English too (decision 228).
import '../../../shared/messages/translations/icu';
import { useDocumentTitle } from '../../app/use-document-title';
import { isApiError } from '../../lib/api-client';
import { signInOperator } from '../operator/api';
import { followOperatorLanguage } from '../operator/operator-language';
import { clearOperatorToken, readOperatorToken, storeOperatorToken } from '../operator/operator-session';
import { StaffSignInForm } from '../operator/staff-sign-in-form';
import { CheckPanel } from './check-panel';
import { NoticePanel } from './notice-panel';
import { startPlateReaderWhenIdle, stopPlateReader } from './ocr/plate-reader';
import { clearPatrolStore, readSnapshot, waitingItems, writeMeta } from './patrol-store';
import { isTransient, refreshSnapshot, syncOutbox } from './patrol-sync';
import { ShiftPanel } from './shift-panel';
import './patrol.css';

/** How often a signed-in phone refreshes its snapshot and sends what waits, while online. */
const REFRESH_EVERY_MS = 5 * 60_000;

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useIsOnline() {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The device's time zone until a snapshot names the tenant's. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** /patrol: an enforcement officer's phone app (issue 29). */
export function PatrolPage() {
  useDocumentTitle(patrolMessages.appName);
  useInstallableManifest();
  const [token, setToken] = useState(() => readOperatorToken());
  if (!token) {
    return (
      <StaffSignInForm
        title={patrolMessages.signInTitle}
        bodySchema={operatorLoginContract.body}
        signIn={(values) => signInOperator(values.email, values.password)}
        onSignedIn={(jwtToken, language) => {
          storeOperatorToken(jwtToken);
          void writeMeta('shiftStart', new Date().toISOString());
          // The app follows the officer's saved language: the page opens again in it, signed in.
          if (followOperatorLanguage(language)) return;
          setToken(readOperatorToken());
        }}
      />
    );
  }
  return <PatrolApp onSignedOut={() => setToken(null)} />;
}

/**
 * Links the tenant's patrol manifest while the app is open (only /patrol is offered for
 * installation) and registers the service worker that keeps the app for offline use, scoped to
 * /patrol so no other page of the portal is controlled by it (decision 195). Once it controls the
 * page, the page is fetched through it once, so it is kept from this visit on.
 */
function useInstallableManifest() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/patrol/manifest.webmanifest';
    document.head.append(link);
    void patrolWorkerInControl();
    return () => link.remove();
  }, []);
}

/** How long the plate reader waits for the service worker before starting without it. */
const WORKER_WAIT_MS = 15_000;

let workerInControl: Promise<void> | null = null;

/**
 * Registers the service worker once, and settles when it controls the page (or could not be
 * registered, or took too long): the page is then fetched through it once, so it is kept, and the
 * plate reader starts after it, so the reader's files are kept too (decision 234).
 */
function patrolWorkerInControl(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return Promise.resolve();
  workerInControl ??= navigator.serviceWorker
    .register('/patrol-sw.js', { scope: '/patrol' })
    .then(() => navigator.serviceWorker.ready)
    .then(() => untilControlled())
    .then(() => {
      if (navigator.onLine) void fetch('/patrol', { credentials: 'same-origin' }).catch(() => undefined);
    })
    .catch(() => undefined);
  return workerInControl;
}

function untilControlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    window.setTimeout(resolve, WORKER_WAIT_MS);
  });
}

type Tab = 'check' | 'notice' | 'shift';

function PatrolApp({ onSignedOut }: { onSignedOut: () => void }) {
  const isOnline = useIsOnline();
  const [tab, setTab] = useState<Tab>('check');
  const [noticePlate, setNoticePlate] = useState('');
  const [snapshot, setSnapshot] = useState<PlateSnapshot | null>(null);
  const [isForbidden, setIsForbidden] = useState(false);
  const [hasSessionEnded, setHasSessionEnded] = useState(false);
  const [version, setVersion] = useState(0);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const [waitingCount, setWaitingCount] = useState(0);
  const changed = useCallback(() => setVersion((value) => value + 1), []);

  // The plate reader loads while the app is idle, so the officer's first photo reads at once.
  useEffect(() => startPlateReaderWhenIdle(patrolWorkerInControl()), []);

  const handleFailure = useCallback((error: unknown) => {
    if (isApiError(error) && error.status === 403) setIsForbidden(true);
    else if (isApiError(error) && error.status === 401) setHasSessionEnded(true);
    else if (!isTransient(error)) throw error;
  }, []);

  const sync = useCallback(async () => {
    try {
      await syncOutbox();
    } catch (error) {
      handleFailure(error);
    }
    changed();
  }, [changed, handleFailure]);

  const refresh = useCallback(async () => {
    try {
      setSnapshot(await refreshSnapshot());
    } catch (error) {
      handleFailure(error);
    }
  }, [handleFailure]);

  useEffect(() => {
    void readSnapshot().then((kept) => setSnapshot(kept ?? null));
  }, []);

  // On start, on coming back online and every few minutes: send what waits, refresh the snapshot.
  useEffect(() => {
    if (!isOnline) return;
    void sync();
    void refresh();
    const timer = window.setInterval(() => {
      void sync();
      void refresh();
    }, REFRESH_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [isOnline, sync, refresh]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version tells that the store changed.
  useEffect(() => {
    void waitingItems().then((items) => setWaitingCount(items.length));
  }, [version]);

  const signOut = async () => {
    await stopPlateReader();
    await clearPatrolStore();
    clearOperatorToken();
    onSignedOut();
  };

  const timeZone = snapshot?.timeZone ?? deviceTimeZone();

  if (isForbidden) {
    return (
      <Stack maw={520} mx="auto">
        <Alert color="red" role="alert" title={patrolMessages.appName}>
          {patrolMessages.notAllowed}
        </Alert>
        <Button variant="default" onClick={() => void signOut()}>
          {patrolMessages.signOut}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack className="patrol-app" gap="sm" maw={640} mx="auto">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={1} size="h2">
          {patrolMessages.appName}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <span
            className={`patrol-tag ${isOnline ? 'patrol-tag-good' : 'patrol-tag-dark'}`}
            role="status"
            data-testid="patrol-network"
          >
            {isOnline ? `● ${patrolMessages.online}` : `○ ${patrolMessages.offline}`}
          </span>
          <Button
            variant="default"
            size="sm"
            onClick={() => (waitingCount ? setIsSigningOut(true) : void signOut())}
          >
            {patrolMessages.signOut}
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="patrol-snapshot">
          {snapshot
            ? fillMessage(patrolMessages.snapshotAt, {
                time: formatDate(snapshot.generatedAt, timeZone, 'time'),
              })
            : patrolMessages.snapshotNone}
        </Text>
        <Button variant="subtle" size="compact-sm" disabled={!isOnline} onClick={() => void refresh()}>
          {patrolMessages.refreshSnapshot}
        </Button>
      </Group>
      {hasSessionEnded && (
        <Alert color="red" role="alert">
          {patrolMessages.sessionEnded}
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'check')} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="check">{patrolMessages.tabCheck}</Tabs.Tab>
          <Tabs.Tab value="notice">{patrolMessages.tabNotice}</Tabs.Tab>
          <Tabs.Tab value="shift">
            {patrolMessages.tabShift}
            {waitingCount > 0 && (
              <Badge ml={6} size="sm" color="dark">
                {waitingCount}
              </Badge>
            )}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="check" pt="md">
          <CheckPanel
            isOnline={isOnline}
            snapshot={snapshot}
            timeZone={timeZone}
            onRecorded={() => void sync()}
            onFailure={handleFailure}
            onWriteNotice={(plate) => {
              setNoticePlate(plate);
              setTab('notice');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="notice" pt="md">
          <NoticePanel
            initialPlate={noticePlate}
            onSaved={() => {
              void sync();
              setTab('shift');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="shift" pt="md">
          <ShiftPanel version={version} timeZone={timeZone} isOnline={isOnline} onSync={() => void sync()} />
        </Tabs.Panel>
      </Tabs>
      <Modal
        opened={isSigningOut}
        onClose={() => setIsSigningOut(false)}
        title={patrolMessages.signOut}
        centered
      >
        <Stack>
          <Text>{patrolMessages.signOutPending}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsSigningOut(false)}>
              {patrolMessages.cancel}
            </Button>
            <Button color="red" onClick={() => void signOut()}>
              {patrolMessages.signOutConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
