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
 * The back camera's stream, or the reason there is none. Asked before the dialog opens, so a phone
 * with no camera, or a refusal, never shows an empty dialog.
 */
export async function openBackCamera(): Promise<MediaStream | CameraProblem> {
  if (!navigator.mediaDevices?.getUserMedia) return 'unavailable';
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (error) {
    return problemOf(error);
  }
}

/** Stops every track of a stream: the camera's light goes off. */
export function stopStream(stream: MediaStream | null): void {
  if (stream) for (const track of stream.getTracks()) track.stop();
}

/**
 * The live camera with a framing guide (issue 29): the back camera's stream in a dialog, a plate-
 * shaped rectangle over it, and a button that hands the part of the frame inside the rectangle to
 * the plate reader. The caller opens the stream (openBackCamera) and stops it when the dialog closes.
 */
export function CameraReader({
  stream,
  onClose,
  onCaptured,
}: {
  stream: MediaStream | null;
  onClose: () => void;
  onCaptured: (frame: HTMLCanvasElement) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const guideRef = useRef<HTMLDivElement>(null);
  const [isPlaying, setIsPlaying] = useState(false);

  // The dialog's content mounts after it opens (a portal): the stream is attached when the video is.
  const attachVideo = (video: HTMLVideoElement | null) => {
    videoRef.current = video;
    if (!video || !stream || video.srcObject === stream) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
  };

  useEffect(() => {
    if (!stream) setIsPlaying(false);
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
    <Modal opened={stream !== null} onClose={onClose} title={patrolMessages.cameraTitle} size="lg" centered>
      <Stack gap="sm">
        <div className="patrol-camera">
          <video
            ref={attachVideo}
            className="patrol-camera-video"
            playsInline
            muted
            onPlaying={() => setIsPlaying(true)}
          />
          <div className="patrol-camera-guide" ref={guideRef} data-testid="patrol-camera-guide" />
          {!isPlaying && (
            <Text className="patrol-camera-starting" role="status">
              {patrolMessages.cameraStarting}
            </Text>
          )}
        </div>
        <Text fw={600} ta="center">
          {patrolMessages.cameraGuide}
        </Text>
        <Button size="lg" fullWidth onClick={capture} disabled={!isPlaying}>
          {patrolMessages.captureButton}
        </Button>
        <Button size="lg" fullWidth variant="default" onClick={onClose}>
          {patrolMessages.closeCamera}
        </Button>
      </Stack>
    </Modal>
  );
}
