import { Alert, Button, CloseButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type PlateSnapshot, plateCheckContract } from '../../../shared/contract';
import { formatDate, formatMoney } from '../../../shared/format';
import { fillMessage, patrolMessages, plateMessages } from '../../../shared/messages';
import { answerFromSnapshot, canonicalPlate, isWellFormedPlate } from '../../../shared/rules';
import { callApi } from '../../lib/api-client';
import { readOperatorToken } from '../operator/operator-session';
import { CameraReader, openBackCamera, stopStream } from './camera-reader';
import { type PlateReading, readPlate, startPlateReader } from './ocr/plate-reader';
import { CameraIcon, CoveredIcon, NotCoveredIcon, NoticesIcon, PhotoIcon } from './patrol-icons';
import { addToOutbox } from './patrol-store';
import { isTransient } from './patrol-sync';
import { hashPlate } from './plate-hash';

type CheckAnswer =
  | {
      kind: 'answer';
      plate: string;
      source: 'online' | 'snapshot';
      /** When the answer's data was true: now online, the snapshot's time offline. */
      at: string;
      isCovered: boolean;
      coveredUntil: string | null;
      permitNames: string[];
      openNotices: number;
      /**
       * "Repeat offender: 4 unpaid notices." by the tenant's rule (decision 213) and what the
       * plate's notices ask, or null. Offline, from the snapshot's list of repeat offenders.
       */
      repeatOffender: { message: string; unpaidTotal: number } | null;
    }
  | { kind: 'unavailable'; plate: string; message: string };

/** The phone's position for a scan, or null when the officer does not allow it or none comes. */
function currentPosition(): Promise<{ latitude: number; longitude: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 60_000 },
    );
  });
}

async function checkOnline(plate: string): Promise<CheckAnswer> {
  const answer = await callApi(
    plateCheckContract,
    { params: { plate } },
    { authorization: readOperatorToken() },
  );
  return {
    kind: 'answer',
    plate: answer.plate,
    source: 'online',
    at: answer.checkedAt,
    isCovered: answer.isCovered,
    coveredUntil: answer.coveredUntil,
    permitNames: [...new Set(answer.passes.map((pass) => pass.permitName))],
    // Every unpaid notice: the answer's list holds the newest few only.
    openNotices: answer.unpaidNoticeCount,
    repeatOffender:
      answer.isRepeatOffender && answer.repeatOffenderMessage
        ? { message: answer.repeatOffenderMessage, unpaidTotal: answer.unpaidTotal }
        : null,
  };
}

async function checkFromSnapshot(plate: string, snapshot: PlateSnapshot | null): Promise<CheckAnswer> {
  if (!snapshot) return { kind: 'unavailable', plate, message: patrolMessages.noSnapshot };
  const answer = answerFromSnapshot(snapshot, await hashPlate(snapshot.hashKey, plate), new Date());
  if (answer.kind === 'too-old')
    return { kind: 'unavailable', plate, message: patrolMessages.snapshotTooOld };
  return {
    ...answer,
    kind: 'answer',
    plate,
    source: 'snapshot',
    at: answer.generatedAt,
  };
}

/** What the panel says about the last reading of a plate from a photo or the camera. */
type ReadNote = { tone: 'read' | 'problem'; text: string };

function noteOf(reading: PlateReading): ReadNote {
  switch (reading.kind) {
    case 'plate':
      return { tone: 'read', text: fillMessage(patrolMessages.plateRead, { plate: reading.plate }) };
    case 'nothing':
      return { tone: 'problem', text: patrolMessages.nothingRead };
    case 'not-an-image':
      return { tone: 'problem', text: patrolMessages.notAnImage };
    case 'failed':
      return { tone: 'problem', text: patrolMessages.readerFailed };
  }
}

/** Check a plate: online when it can, from the snapshot otherwise; every check is recorded as a scan. */
export function CheckPanel({
  isOnline,
  snapshot,
  timeZone,
  onRecorded,
  onFailure,
  onWriteNotice,
}: {
  isOnline: boolean;
  snapshot: PlateSnapshot | null;
  timeZone: string;
  onRecorded: () => void;
  onFailure: (error: unknown) => void;
  onWriteNotice: (plate: string) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<CheckAnswer | null>(null);
  const [scanNote, setScanNote] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [isReading, setIsReading] = useState(false);
  const [readNote, setReadNote] = useState<ReadNote | null>(null);
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [isOpeningCamera, setIsOpeningCamera] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const photoInputRef = useRef<HTMLInputElement>(null);
  /** Counts the officer's edits of the field: a reading never overwrites what they typed meanwhile. */
  const editsRef = useRef(0);

  /**
   * Reads the plate in a photo or a camera frame on the phone and puts it in the field for the
   * officer to confirm or correct: the check itself stays theirs to start.
   */
  const readFrom = async (image: Blob | HTMLCanvasElement) => {
    const editsBefore = editsRef.current;
    setIsReading(true);
    setReadNote(null);
    setError(null);
    const reading = await readPlate(image);
    setIsReading(false);
    setReadNote(noteOf(reading));
    if (reading.kind === 'plate' && editsRef.current === editsBefore) {
      setValue(reading.plate);
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  };

  /** Opens the live camera; with no camera, or the camera refused, sends the officer to the photo input. */
  const openCamera = async () => {
    void startPlateReader().catch(() => undefined);
    setReadNote(null);
    setIsOpeningCamera(true);
    const opened = await openBackCamera();
    setIsOpeningCamera(false);
    if (typeof opened === 'string') {
      setReadNote({
        tone: 'problem',
        text: opened === 'refused' ? patrolMessages.cameraRefused : patrolMessages.cameraUnavailable,
      });
      photoInputRef.current?.focus();
      return;
    }
    setCamera(opened);
  };

  const closeCamera = useCallback(() => {
    setCamera((open) => {
      stopStream(open);
      return null;
    });
  }, []);

  // The stream never outlives the panel (another tab, signing out).
  const cameraRef = useRef<MediaStream | null>(null);
  cameraRef.current = camera;
  useEffect(() => () => stopStream(cameraRef.current), []);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const plate = canonicalPlate(value);
    if (!plate) return setError(patrolMessages.plateRequired);
    if (!isWellFormedPlate(value)) return setError(plateMessages.plateInvalid);
    setError(null);
    setIsChecking(true);
    try {
      let result: CheckAnswer | null = null;
      if (isOnline) {
        try {
          result = await checkOnline(plate);
        } catch (failure) {
          if (!isTransient(failure)) throw failure;
        }
      }
      result ??= await checkFromSnapshot(plate, snapshot);
      setAnswer(result);
      // Every check is recorded; with the phone's position when the officer allows it (issue 29).
      const position = (await currentPosition()) ?? { latitude: null, longitude: null };
      const clientId = `patrol-${crypto.randomUUID()}`;
      const capturedAt = new Date().toISOString();
      await addToOutbox({
        kind: 'scan',
        clientId,
        plate,
        createdAt: capturedAt,
        status: 'waiting',
        scan: { clientId, capturedAt, plate, ...position, alertMessage: null },
        ...(photo ? { photo } : {}),
      });
      setPhoto(null);
      const recorded = isOnline ? patrolMessages.scanRecorded : patrolMessages.scanQueued;
      setScanNote(position.latitude === null ? `${recorded} ${patrolMessages.noLocation}` : recorded);
      onRecorded();
    } catch (failure) {
      onFailure(failure);
    } finally {
      setIsChecking(false);
    }
  };

  const startOver = () => {
    setAnswer(null);
    setScanNote(null);
    setReadNote(null);
    setValue('');
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  if (answer) {
    return (
      <Stack gap="md">
        <AnswerPanel answer={answer} timeZone={timeZone} />
        {scanNote && (
          <Text size="sm" role="status">
            {scanNote}
          </Text>
        )}
        <Button size="lg" onClick={startOver} data-autofocus>
          {patrolMessages.newCheck}
        </Button>
        <Button size="lg" variant="default" onClick={() => onWriteNotice(answer.plate)}>
          {patrolMessages.writeNotice}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={check} noValidate>
      <Stack gap="md">
        <TextInput
          ref={inputRef}
          label={patrolMessages.plateLabel}
          placeholder={patrolMessages.platePlaceholder}
          value={value}
          onChange={(event) => {
            editsRef.current += 1;
            setValue(event.currentTarget.value.toUpperCase());
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          size="xl"
          classNames={{ input: 'patrol-plate-input', label: 'patrol-plate-label' }}
        />
        <div className="patrol-capture-row">
          <label className="patrol-photo-button">
            <input
              ref={photoInputRef}
              type="file"
              accept="image/*"
              capture="environment"
              className="patrol-file-input"
              // The reader starts loading while the officer takes the photo.
              onClick={() => void startPlateReader().catch(() => undefined)}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0] ?? null;
                setPhoto(file);
                if (file) void readFrom(file);
              }}
            />
            <PhotoIcon />
            <span>{patrolMessages.platePhotoLabel}</span>
          </label>
          <Button
            size="md"
            variant="default"
            className="patrol-camera-button"
            leftSection={<CameraIcon />}
            loading={isOpeningCamera}
            onClick={() => void openCamera()}
          >
            {patrolMessages.cameraButton}
          </Button>
        </div>
        {photo && (
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" truncate data-testid="patrol-plate-photo">
              {fillMessage(patrolMessages.photoAttached, { name: photo.name })}
            </Text>
            <CloseButton aria-label={patrolMessages.removePhoto} onClick={() => setPhoto(null)} />
          </Group>
        )}
        <div role="status" aria-live="polite" data-testid="patrol-reading">
          {isReading ? (
            <Group gap="xs" wrap="nowrap">
              <Loader size="sm" aria-hidden="true" />
              <Text fw={600}>{patrolMessages.readingPlate}</Text>
            </Group>
          ) : (
            readNote && (
              <Text fw={600} className={readNote.tone === 'problem' ? 'patrol-read-problem' : undefined}>
                {readNote.text}
              </Text>
            )
          )}
        </div>
        <CameraReader
          stream={camera}
          onClose={closeCamera}
          onCaptured={(frame) => {
            closeCamera();
            void readFrom(frame);
          }}
        />
        <Button type="submit" size="xl" loading={isChecking}>
          {patrolMessages.checkButton}
        </Button>
      </Stack>
    </form>
  );
}

function AnswerPanel({ answer, timeZone }: { answer: CheckAnswer; timeZone: string }) {
  if (answer.kind === 'unavailable') {
    return (
      <Alert color="orange" role="alert" title={answer.plate} classNames={{ title: 'patrol-answer-plate' }}>
        {answer.message}
      </Alert>
    );
  }
  const time = formatDate(answer.at, timeZone, 'time');
  const source =
    answer.source === 'online'
      ? fillMessage(patrolMessages.checkedOnline, { time })
      : fillMessage(patrolMessages.fromSnapshot, { time });
  const tone = answer.isCovered ? 'covered' : 'not-covered';
  return (
    <Stack gap="sm" role="status" aria-live="polite" data-testid="patrol-answer">
      <div className={`patrol-answer patrol-answer-${tone}`}>
        <Group gap="md" wrap="nowrap">
          {answer.isCovered ? <CoveredIcon /> : <NotCoveredIcon />}
          <div>
            <div className="patrol-answer-plate">{answer.plate}</div>
            <div className="patrol-answer-word">
              {answer.isCovered ? patrolMessages.covered : patrolMessages.notCovered}
            </div>
          </div>
        </Group>
        {answer.isCovered && (
          <div className="patrol-answer-detail">
            <div>{answer.permitNames.join(', ')}</div>
            {answer.coveredUntil && (
              <div>
                {fillMessage(patrolMessages.coveredUntil, {
                  until: formatDate(answer.coveredUntil, timeZone, 'dateTime'),
                })}
              </div>
            )}
          </div>
        )}
      </div>
      {answer.openNotices > 0 && (
        <div className="patrol-answer patrol-answer-notices">
          <Group gap="md" wrap="nowrap">
            <NoticesIcon />
            <div className="patrol-answer-word">
              {answer.openNotices === 1
                ? patrolMessages.outstandingNotice
                : fillMessage(patrolMessages.outstandingNotices, { count: answer.openNotices })}
            </div>
          </Group>
          {answer.repeatOffender && (
            <div className="patrol-answer-repeat" data-testid="patrol-repeat-offender">
              <div>{answer.repeatOffender.message}</div>
              <div className="patrol-answer-owed">
                {fillMessage(patrolMessages.unpaidTotal, {
                  amount: formatMoney(answer.repeatOffender.unpaidTotal),
                })}
              </div>
            </div>
          )}
        </div>
      )}
      <Text size="sm" fw={600} data-testid="patrol-answer-source">
        {source}
      </Text>
    </Stack>
  );
}
