import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { APPEAL_FIELD_LIMITS, type Appeal, type Citation } from '../../../shared/contract';
import { formatDate, formatMoney } from '../../../shared/format';
import { appealMessages, appealOutcomeMessages, fillMessage } from '../../../shared/messages';
import {
  type AppealFormField,
  type AppealFormValues,
  appealBannerKind,
  appealBannerText,
  citationBannerKind,
  findAppealFormProblem,
} from '../../../shared/rules';
import { useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { citationAmountFact, citationFacts, FactsTable } from '../../components/facts-table';
import { FailureAlert } from '../../components/form-alerts';
import { FormCard } from '../../components/form-card';
import { type ProofPhoto, ProofPhotos } from '../../components/proof-photos';
import { isApiError } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import {
  type AppealState,
  appealQueryKey,
  confirmAppeal,
  readAppealToken,
  submitAppeal,
  useAppeal,
  useAppealCitation,
} from './api';
import { AppealThread } from './appeal-thread';
import { NoValidAppealDialog } from './no-valid-appeal-dialog';

const BANNER_COLOR = {
  paid: 'green',
  voided: 'gray',
  loading: 'gray',
  none: 'blue',
  pending: 'yellow',
  'status-text': 'blue',
  approved: 'green',
  denied: 'red',
} as const;

const EMPTY_FORM: AppealFormValues = { name: '', email: '', phoneNumber: '', address: '', reason: '' };

function formOf(appeal: Appeal | null): AppealFormValues {
  if (!appeal) return EMPTY_FORM;
  const { name, email, phoneNumber, address, reason } = appeal;
  return { name, email, phoneNumber, address, reason };
}

/** The spec's checks in its order (shared with the server): the first failing field is reported. */
const appealFormSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    address: z.string(),
    reason: z.string(),
  })
  .superRefine((values, context) => {
    const problem = findAppealFormProblem(values);
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
const APPEAL_FORM_FIELDS: readonly AppealFormField[] = ['name', 'email', 'phoneNumber', 'address', 'reason'];

/**
 * The appeal form; once an appeal exists it shows what was sent, locked. A new appeal waits for
 * its email to be confirmed: the form then locks and says to check the inbox.
 */
function AppealForm({
  citation,
  state,
  isJustConfirmed,
}: {
  citation: Citation;
  state: AppealState;
  isJustConfirmed: boolean;
}) {
  const queryClient = useQueryClient();
  const timeZone = useTenantTimeZone();
  const submitted = state.appeal;
  const [awaitingEmail, setAwaitingEmail] = useState<string | null>(null);
  const isLocked = submitted !== null || awaitingEmail !== null;
  const [photos, setPhotos] = useState<ProofPhoto[]>([]);
  const inputs = useRef<Partial<Record<AppealFormField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: appealFormSchema,
    initialValues: formOf(submitted),
    submit: (values) =>
      submitAppeal({
        citationUUID: citation.uuid,
        citationCodeUUID: citation.citationCodeUUID,
        citationNumber: citation.citationNumber,
        ...values,
        imageURLs: photos.map((photo) => photo.fileUrl),
      }),
    // It counts once confirmed from the inbox (decision record 082): say so, keep what was sent.
    onSuccess: (_appeal, values) => setAwaitingEmail(values.email.trim()),
    onInvalid: (errors) => {
      const first = APPEAL_FORM_FIELDS.find((name) => errors[name]);
      if (first) inputs.current[first]?.focus();
    },
    describeError: (error) => {
      // Someone else's appeal, or the window closed meanwhile: show the notice's state as it is now.
      if (isApiError(error) && (error.status === 403 || error.status === 409)) {
        void queryClient.invalidateQueries({
          queryKey: appealQueryKey(citation.uuid, citation.citationNumber),
        });
      }
      return (error as Error).message;
    },
  });

  const shown = submitted ? formOf(submitted) : form.values;
  const shownPhotos: ProofPhoto[] = submitted
    ? submitted.imageURLs.map((url, index) => ({
        fileUrl: url,
        previewUrl: photos[index]?.previewUrl,
        name: url,
      }))
    : photos;

  const field = (name: AppealFormField, label: string, extra: Record<string, unknown> = {}) => ({
    ...form.getInputProps(name),
    label,
    name,
    value: shown[name],
    disabled: isLocked,
    required: !isLocked,
    maxLength: APPEAL_FIELD_LIMITS[name],
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[name] = element;
    },
    ...extra,
  });

  return (
    <FormCard titleId="appeal-form-title" title={appealMessages.formTitle} onSubmit={onSubmit}>
      {submitted && (
        <Text size="sm" c="dimmed">
          {`${appealMessages.submittedOn} ${formatDate(submitted.submissionDate, timeZone, 'dateTime')}`}
        </Text>
      )}
      {submitted && !submitted.isOwnerView && (
        <Text size="sm" data-testid="appeal-masked-notice">
          {appealMessages.maskedNotice}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('name', appealMessages.nameLabel, { autoComplete: 'name' })} />
        <TextInput {...field('email', appealMessages.emailLabel, { type: 'email', autoComplete: 'email' })} />
        <TextInput
          {...field('phoneNumber', appealMessages.phoneLabel, { type: 'tel', autoComplete: 'tel' })}
        />
        <TextInput {...field('address', appealMessages.addressLabel, { autoComplete: 'street-address' })} />
      </SimpleGrid>
      <Textarea {...field('reason', appealMessages.reasonLabel, { autosize: true, minRows: 4 })} />
      <ProofPhotos photos={shownPhotos} onChange={setPhotos} isLocked={isLocked} />
      <FailureAlert message={formError} testId="appeal-form-error" />
      {awaitingEmail !== null && (
        <Alert
          color="blue"
          role="status"
          title={appealMessages.checkEmailTitle}
          data-testid="appeal-check-email"
        >
          {fillMessage(appealMessages.checkEmail, { email: awaitingEmail })}
        </Alert>
      )}
      {isJustConfirmed && (
        <Alert color="green" role="status">
          {appealMessages.submitted}
        </Alert>
      )}
      {!isLocked && (
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {appealMessages.submit}
        </Button>
      )}
    </FormCard>
  );
}

/**
 * Follows the emailed confirmation link (`?confirm=token`) once the notice is known: confirms the
 * appeal, shows it, and drops the token from the address bar.
 */
function useConfirmationLink(citation: Citation | undefined) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('confirm');
  const [outcome, setOutcome] = useState<'confirmed' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || !citation || startedFor.current === token) return;
    startedFor.current = token;
    setIsConfirming(true);
    confirmAppeal(citation.uuid, token)
      .then(async (appeal) => {
        const key = appealQueryKey(citation.uuid, citation.citationNumber);
        // The page's first read of the appeal went out without the token and is masked: it must
        // not land after (and over) the confirmed, unmasked one.
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<AppealState>(key, { appeal });
        setOutcome('confirmed');
      })
      // A link that is not valid (400) gets the plain text; a refusal (409, 403) says why.
      .catch((error: unknown) =>
        setFailure(
          isApiError(error) && error.status !== 400 && error.status !== 0
            ? error.message
            : appealMessages.confirmFailed,
        ),
      )
      .finally(() => {
        setIsConfirming(false);
        setSearchParams({}, { replace: true });
      });
  }, [token, citation, queryClient, setSearchParams]);
  return { outcome, failure, isConfirming };
}

/** What the answer leaves the driver to do: nothing (voided), the reduced amount, or the notice. */
function decisionNextStep(appeal: Appeal): string {
  if (appeal.is_approved !== true) return appealMessages.deniedNextStep;
  if (appeal.outcome === 'voided') return appealOutcomeMessages.decisionVoided;
  if (appeal.outcome === 'reduced' && appeal.reducedAmount !== null) {
    return fillMessage(appealOutcomeMessages.decisionReduced, { amount: formatMoney(appeal.reducedAmount) });
  }
  return appealMessages.approvedNextStep;
}

/**
 * The operator's answer: when it came, approved or denied, the operator's own words, and where to
 * go next (the notice, and paying it when the appeal was denied and it is still due).
 */
function AppealDecision({ citation, appeal }: { citation: Citation; appeal: Appeal }) {
  const timeZone = useTenantTimeZone();
  const isApproved = appeal.is_approved === true;
  const isPayable = citationBannerKind(citation) === 'payable';
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="appeal-decision-title"
      data-testid="appeal-decision"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="appeal-decision-title">
          {`${appealMessages.decisionTitle}: ${isApproved ? appealMessages.decisionApproved : appealMessages.decisionDenied}`}
        </Title>
        {appeal.responseDate && (
          <Text size="sm">{`${appealMessages.respondedOn} ${formatDate(appeal.responseDate, timeZone, 'dateTime')}`}</Text>
        )}
        {appeal.status?.trim() && (
          <Stack gap={2}>
            <Text fw={600}>{appealMessages.operatorMessage}</Text>
            <Text
              className="break-anywhere"
              style={{ whiteSpace: 'pre-wrap' }}
              data-testid="operator-message"
            >
              {appeal.status}
            </Text>
          </Stack>
        )}
        <Text data-testid="appeal-next-step">{decisionNextStep(appeal)}</Text>
        <Group gap="md">
          {(!isApproved || appeal.outcome === 'reduced') && isPayable && (
            <Button component={Link} to={paths.citation(citation.uuid)}>
              {appealMessages.payNotice}
            </Button>
          )}
          <Anchor component={Link} to={paths.citation(citation.uuid)}>
            {appealMessages.viewNotice}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** /noticeappeal/{uuid}: the notice, the banner of its appeal, and the form or what was sent. */
export function AppealPage() {
  const { citationUUID } = useParams();
  const timeZone = useTenantTimeZone();
  const citationQuery = useAppealCitation(citationUUID);
  const appealQuery = useAppeal(citationUUID, citationQuery.data?.citationNumber);
  const confirmation = useConfirmationLink(citationQuery.data);

  if (citationQuery.isLoading || confirmation.isConfirming) {
    return (
      <Loader
        aria-label={confirmation.isConfirming ? appealMessages.confirming : appealMessages.bannerLoading}
      />
    );
  }
  if (citationQuery.isError || !citationQuery.data) return <NoValidAppealDialog />;
  const citation = citationQuery.data;
  const state = appealQuery.data;
  const cannotAppeal = state !== undefined && state.appeal === null && !state.canAppeal;
  // The dialog alone: no 'Submit appeal for review' banner or form behind it.
  if (appealQuery.isError || cannotAppeal) return <NoValidAppealDialog />;
  const banner = appealBannerKind({ citation, appeal: state ? state.appeal : undefined });
  const statusText = state?.appeal?.status;

  return (
    <Stack gap="lg" maw={860} mx="auto">
      <Title order={1}>{`${appealMessages.pageTitle} ${citation.citationNumber}`}</Title>
      <Alert color={BANNER_COLOR[banner]} variant="light" role="status" data-testid="appeal-banner">
        {/* Dark text on the light tint reads well whatever the brand colour is. */}
        <Text fw={700} c="dark.9">
          {appealBannerText(banner, statusText, state?.appeal?.reducedAmount)}
        </Text>
      </Alert>
      <FactsTable
        label={appealMessages.noticeDetails}
        facts={[...citationFacts(citation, timeZone), citationAmountFact(citation)]}
      />
      <FailureAlert message={confirmation.failure} testId="appeal-confirm-error" />
      {state?.appeal?.responseDate && <AppealDecision citation={citation} appeal={state.appeal} />}
      {state && (
        <AppealForm
          citation={citation}
          state={state}
          isJustConfirmed={confirmation.outcome === 'confirmed'}
        />
      )}
      {/* The thread is the appellant's: shown to the browser holding the appeal's token (owner view). */}
      {state?.appeal?.isOwnerView && readAppealToken(citation.uuid) && (
        <Card withBorder padding="lg">
          <AppealThread
            citationUUID={citation.uuid}
            number={citation.citationNumber}
            appeal={state.appeal}
            token={readAppealToken(citation.uuid) ?? ''}
          />
        </Card>
      )}
    </Stack>
  );
}
