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
import { type FormEvent, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { APPEAL_FIELD_LIMITS, type Appeal, type Citation } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { appealMessages } from '../../../shared/messages';
import {
  type AppealFormField,
  type AppealFormValues,
  appealBannerKind,
  appealBannerText,
  citationBannerKind,
  findAppealFormProblem,
} from '../../../shared/rules';
import { useTenantTimeZone } from '../../app/brand';
import { citationAmountFact, citationFacts, FactsTable } from '../../components/facts-table';
import { ApiError } from '../../lib/api-client';
import { type AppealState, appealQueryKey, submitAppeal, useAppeal, useAppealCitation } from './api';
import { AppealThread } from './appeal-thread';
import { NoValidAppealDialog } from './no-valid-appeal-dialog';
import { type ProofPhoto, ProofPhotos } from './proof-photos';

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

/** The appeal form; once an appeal exists it shows what was sent, locked. */
function AppealForm({ citation, state }: { citation: Citation; state: AppealState }) {
  const queryClient = useQueryClient();
  const timeZone = useTenantTimeZone();
  const submitted = state.appeal;
  const isLocked = submitted !== null;
  const [values, setValues] = useState<AppealFormValues>(() => formOf(submitted));
  const [photos, setPhotos] = useState<ProofPhoto[]>([]);
  const [fieldError, setFieldError] = useState<{ field: AppealFormField; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [justSubmitted, setJustSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<AppealFormField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const shown = isLocked ? formOf(submitted) : values;
  const shownPhotos: ProofPhoto[] = isLocked
    ? submitted.imageURLs.map((url, index) => ({
        fileUrl: url,
        previewUrl: photos[index]?.previewUrl,
        name: url,
      }))
    : photos;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const problem = findAppealFormProblem(values);
    setFieldError(problem);
    if (problem) {
      inputs.current[problem.field]?.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      const appeal = await submitAppeal({
        citationUUID: citation.uuid,
        citationCodeUUID: citation.citationCodeUUID,
        citationNumber: citation.citationNumber,
        ...values,
        imageURLs: photos.map((photo) => photo.fileUrl),
      });
      queryClient.setQueryData<AppealState>(appealQueryKey(citation.uuid, citation.citationNumber), {
        appeal,
      });
      setJustSubmitted(true);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
        await queryClient.invalidateQueries({
          queryKey: appealQueryKey(citation.uuid, citation.citationNumber),
        });
      }
      setFormError((error as Error).message);
    } finally {
      setIsSubmitting(false);
    }
  }

  const field = (name: AppealFormField, label: string, extra: Record<string, unknown> = {}) => ({
    label,
    name,
    value: shown[name],
    disabled: isLocked,
    required: !isLocked,
    maxLength: APPEAL_FIELD_LIMITS[name],
    error: fieldError?.field === name ? fieldError.message : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[name] = element;
    },
    ...extra,
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="appeal-form-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="appeal-form-title">
            {appealMessages.formTitle}
          </Title>
          {isLocked && (
            <Text size="sm" c="dimmed">
              {`${appealMessages.submittedOn} ${formatDate(submitted.submissionDate, timeZone, 'dateTime')}`}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('name', appealMessages.nameLabel, { autoComplete: 'name' })} />
            <TextInput
              {...field('email', appealMessages.emailLabel, { type: 'email', autoComplete: 'email' })}
            />
            <TextInput
              {...field('phoneNumber', appealMessages.phoneLabel, { type: 'tel', autoComplete: 'tel' })}
            />
            <TextInput
              {...field('address', appealMessages.addressLabel, { autoComplete: 'street-address' })}
            />
          </SimpleGrid>
          <Textarea {...field('reason', appealMessages.reasonLabel, { autosize: true, minRows: 4 })} />
          <ProofPhotos photos={shownPhotos} onChange={setPhotos} isLocked={isLocked} />
          {formError && (
            <Alert color="red" role="alert" data-testid="appeal-form-error">
              {formError}
            </Alert>
          )}
          {justSubmitted && (
            <Alert color="green" role="status">
              {appealMessages.submitted}
            </Alert>
          )}
          {!isLocked && (
            <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
              {appealMessages.submit}
            </Button>
          )}
        </Stack>
      </form>
    </Card>
  );
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
        <Text>{isApproved ? appealMessages.approvedNextStep : appealMessages.deniedNextStep}</Text>
        <Group gap="md">
          {!isApproved && isPayable && (
            <Button component={Link} to={`/citations/${citation.uuid}`}>
              {appealMessages.payNotice}
            </Button>
          )}
          <Anchor component={Link} to={`/citations/${citation.uuid}`}>
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

  if (citationQuery.isLoading) return <Loader aria-label={appealMessages.bannerLoading} />;
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
          {appealBannerText(banner, statusText)}
        </Text>
      </Alert>
      <FactsTable
        label={appealMessages.noticeDetails}
        facts={[...citationFacts(citation, timeZone), citationAmountFact(citation)]}
      />
      {state?.appeal?.responseDate && <AppealDecision citation={citation} appeal={state.appeal} />}
      {state && <AppealForm citation={citation} state={state} />}
      {state?.appeal && (
        <Card withBorder padding="lg">
          <AppealThread citationUUID={citation.uuid} number={citation.citationNumber} appeal={state.appeal} />
        </Card>
      )}
    </Stack>
  );
}
