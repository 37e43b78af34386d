import { Alert, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { errorCodes, MAX_PROOF_FILES } from '../../../shared/contract';
import { formatPassMessage, passMessages, passScreenMessages } from '../../../shared/messages';
import { RichText } from '../../components/rich-text';
import { isApiError } from '../../lib/api-client';
import { acceptFor, uploadFile } from '../../lib/upload-file';
import type { CheckoutFormValues } from './checkout-form';
import { SectionTitle } from './section-title';

/** Section 9: proof files are at most 5,000,000 bytes each. */
export const MAX_PROOF_BYTES = 5_000_000;

/** A refused type or size says why; a storage or network failure is section 8's upload failure. */
function uploadProblem(uploadError: Error): string {
  const isRefusal =
    isApiError(uploadError) && uploadError.status === 400 && uploadError.code !== errorCodes.upload_failed;
  return isRefusal ? uploadError.message : passMessages.proofUploadFailed;
}

/** The name a stored file is shown by: the original name picked, kept beside its URL. */
type PickedNames = Record<string, string>;

/**
 * Registration documents: each file goes straight to storage as soon as it is picked (purpose
 * 'pass-proof'), and its URL joins the payload's regImgURLs. A counter shows how many more fit.
 */
export function ProofUpload(props: {
  form: UseFormReturnType<CheckoutFormValues>;
  maxFiles: number;
  copy: string | null;
}) {
  const { form } = props;
  const maxFiles = Math.min(props.maxFiles || MAX_PROOF_FILES, MAX_PROOF_FILES);
  const inputRef = useRef<HTMLInputElement>(null);
  const [names, setNames] = useState<PickedNames>({});
  // Too many or too large files are refused before any upload; a failed upload is the mutation's.
  const [pickProblem, setPickProblem] = useState<string | null>(null);
  const urls = form.values.regImgURLs;
  const error = form.errors.regImgURLs;
  const uploading = useMutation({
    mutationFn: async (files: File[]) => {
      const added: string[] = [];
      for (const file of files) {
        const stored = await uploadFile(file, 'pass-proof');
        added.push(stored.fileUrl);
        setNames((current) => ({ ...current, [stored.fileUrl]: file.name }));
      }
      form.setFieldValue('regImgURLs', [...urls, ...added]);
    },
  });
  const message = pickProblem ?? (uploading.error ? uploadProblem(uploading.error) : null);

  /** Clears what the last pick or upload said, for a new attempt or a removal. */
  function clearMessage() {
    setPickProblem(null);
    if (uploading.isError) uploading.reset();
  }

  function onAddClick() {
    if (urls.length >= maxFiles) {
      setPickProblem(passMessages.fileCountReached);
      return;
    }
    clearMessage();
    inputRef.current?.click();
  }

  function onFilesPicked(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    if (files.length === 0) return;
    if (urls.length + files.length > maxFiles) {
      setPickProblem(passMessages.fileCountReached);
      return;
    }
    if (files.some((file) => file.size > MAX_PROOF_BYTES)) {
      setPickProblem(passMessages.fileTooLarge);
      return;
    }
    setPickProblem(null);
    uploading.mutate(files);
  }

  function remove(url: string) {
    form.setFieldValue(
      'regImgURLs',
      urls.filter((kept) => kept !== url),
    );
    clearMessage();
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="proof-title">
      <SectionTitle id="proof-title">{passScreenMessages.proofTitle}</SectionTitle>
      <RichText html={props.copy} />
      <Text size="sm" c="dimmed">
        {passScreenMessages.proofHint}
      </Text>
      {urls.length > 0 && (
        <Stack gap={6} data-testid="proof-files">
          {urls.map((url) => (
            <Paper key={url} withBorder px="sm" py={6} radius="md">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {names[url] ?? url.slice(url.lastIndexOf('/') + 1)}
                </Text>
                <CloseButton
                  aria-label={formatPassMessage(passScreenMessages.removeProof, {
                    name: names[url] ?? url.slice(url.lastIndexOf('/') + 1),
                  })}
                  onClick={() => remove(url)}
                />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Group gap="sm">
        <Button variant="outline" onClick={onAddClick} loading={uploading.isPending}>
          {passScreenMessages.attachProof}
        </Button>
        <Text size="sm" c="dimmed" data-testid="proof-count" aria-live="polite">
          {formatPassMessage(passScreenMessages.proofCount, { count: urls.length, max: maxFiles })}
        </Text>
      </Group>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={acceptFor('pass-proof')}
        hidden
        onChange={onFilesPicked}
        data-testid="proof-input"
      />
      {(message || error) && (
        <Alert color="red" role="alert" data-testid="proof-message">
          {message ?? error}
        </Alert>
      )}
    </Stack>
  );
}
