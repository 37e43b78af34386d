import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { patrolMessages } from '../../../shared/messages';
import { guideRegion } from './ocr/plate-text';

/** Why the camera could not be used: the officer is sent to the photo input with a message. */
export type CameraProblem = 'refused' | 'unavailable';

/** The error of getUserMedia as the officer's problem: refused by them or the browser, or no camera. */
function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'unavailable';
}

/**
 * The live camera with a framing guide (issue 29): the back camera's stream in a dialog, a plate-
 * shaped rectangle over it, and a button that hands the part of the frame inside the rectangle to
 * the plate reader. The stream is stopped whenever the dialog closes. With no camera, or the
 * camera refused, it closes at once and says why (onProblem).
 */
export function CameraReader({
  opened,
  onClose,
  onClosed,
  returnFocus,
  onCaptured,
  onProblem,
}: {
  opened: boolean;
  onClose: () => void;
  /** Once the dialog has left the screen. */
  onClosed: () => void;
  /** Whether closing sends the focus back to the Camera button (not when the photo input takes it). */
  returnFocus: boolean;
  onCaptured: (frame: HTMLCanvasElement) => void;
  onProblem: (problem: CameraProblem) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const guideRef = useRef<HTMLDivElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);

  useEffect(() => {
    if (!opened) return;
    let isCurrent = true;
    let started: MediaStream | null = null;
    if (!navigator.mediaDevices?.getUserMedia) {
      onProblem('unavailable');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((media) => {
        started = media;
        if (!isCurrent) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        setStream(media);
      })
      .catch((error: unknown) => {
        if (isCurrent) onProblem(problemOf(error));
      });
    return () => {
      isCurrent = false;
      if (started) for (const track of started.getTracks()) track.stop();
      setStream(null);
    };
  }, [opened, onProblem]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
  }, [stream]);

  const capture = () => {
    const video = videoRef.current;
    const guide = guideRef.current;
    if (!video || !guide || video.videoWidth === 0) return;
    const box = video.getBoundingClientRect();
    const rect = guide.getBoundingClientRect();
    const region = guideRegion(
      { width: video.videoWidth, height: video.videoHeight },
      { width: box.width, height: box.height },
      { x: rect.left - box.left, y: rect.top - box.top, width: rect.width, height: rect.height },
    );
    const canvas = document.createElement('canvas');
    canvas.width = region.width;
    canvas.height = region.height;
    canvas
      .getContext('2d')
      ?.drawImage(video, region.x, region.y, region.width, region.height, 0, 0, region.width, region.height);
    onCaptured(canvas);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      returnFocus={returnFocus}
      title={patrolMessages.cameraTitle}
      size="lg"
      centered
    >
      <Stack gap="sm">
        <div className="patrol-camera">
          <video ref={videoRef} className="patrol-camera-video" playsInline muted />
          <div className="patrol-camera-guide" ref={guideRef} data-testid="patrol-camera-guide" />
          {!stream && (
            <Text className="patrol-camera-starting" role="status">
              {patrolMessages.cameraStarting}
            </Text>
          )}
        </div>
        <Text fw={600} ta="center">
          {patrolMessages.cameraGuide}
        </Text>
        <Button size="lg" fullWidth onClick={capture} disabled={!stream}>
          {patrolMessages.captureButton}
        </Button>
        <Button size="lg" fullWidth variant="default" onClick={onClose}>
          {patrolMessages.closeCamera}
        </Button>
      </Stack>
    </Modal>
  );
}
