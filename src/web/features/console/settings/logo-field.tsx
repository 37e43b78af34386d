import { Alert, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { PURPOSE_CONTENT_TYPES } from '../../../../shared/contract/uploads';
import { consoleMessages } from '../../../../shared/messages';
import { isApiError } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';

/**
 * The logo: the current picture, a button that uploads a new one through the storage port (the
 * settings save then attaches it), and removal. The file input itself stays hidden behind a
 * real button, so it is reached and named like every other control.
 */
export function LogoField(props: { value: string | null; onChange: (url: string | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  // The upload's pending state and error are the field's busy and error state (decision 225).
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(file, 'brand-logo'),
    onSuccess: (stored) => props.onChange(stored.fileUrl),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const error = upload.error && (isApiError(upload.error) ? upload.error.message : String(upload.error));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="logo-label">
        {consoleMessages.logoLabel}
      </Text>
      {props.value && (
        <Image src={props.value} alt={consoleMessages.logoLabel} h={64} w="auto" fit="contain" />
      )}
      <Group gap="sm">
        <Button
          variant="default"
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          aria-describedby="logo-help"
        >
          {props.value
            ? `${consoleMessages.logoLabel}: ${consoleMessages.logoReplace}`
            : consoleMessages.logoUpload}
        </Button>
        {props.value && (
          <Button variant="subtle" color="red.9" onClick={() => props.onChange(null)}>
            {consoleMessages.logoRemove}
          </Button>
        )}
      </Group>
      <input
        ref={input}
        type="file"
        hidden
        accept={PURPOSE_CONTENT_TYPES['brand-logo'].join(',')}
        aria-labelledby="logo-label"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) upload.mutate(file);
        }}
        data-testid="logo-file"
      />
      <Text size="xs" c="dimmed" id="logo-help">
        {consoleMessages.logoHelp}
      </Text>
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
