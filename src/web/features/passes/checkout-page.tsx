import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  errorCodes,
  type IssueResponse,
  type PermitProduct,
  type WaitlistOffer,
} from '../../../shared/contract';
import { formatDate, toLocalWallTime } from '../../../shared/format';
import {
  commonMessages,
  fillMessage,
  passMessages,
  passScreenMessages,
  waitlistMessages,
} from '../../../shared/messages';
import { isAtMaximumPasses } from '../../../shared/rules/maximum-passes';
import { needsHolderInfo } from '../../../shared/rules/pass-checkout';
import { ADVANCED_TYPES } from '../../../shared/rules/pass-values';
import { useBrand, useTenantTimeZone } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { RichText } from '../../components/rich-text';
import { isApiError } from '../../lib/api-client';
import { readJwt, readSession } from '../../lib/session';
import { useApiForm } from '../../lib/use-api-form';
import { checkOutAsGuest, fetchPassCheckoutUrl, issuePermit, useEmailVerification } from './api';
import { usePermitProduct, useProductImages } from './catalogue-api';
import {
  AccessCodeDialog,
  MaxPermitsDialog,
  MaxPermitsNotice,
  RegistrationErrorDialog,
} from './checkout-dialogs';
import {
  type CheckoutContext,
  type CheckoutFormValues,
  checkoutFormSchema,
  initialCheckoutValues,
  toCheckoutPayload,
  toIssuePayload,
} from './checkout-form';
import { CustomFieldsSection } from './custom-fields-section';
import { HolderSection } from './holder-section';
import { useOwnPermits } from './living-api';
import { describeProductTime, formatProductPrice } from './pass-presenters';
import { ProofUpload } from './proof-upload';
import { QuotaNotice } from './quota-notice';
import { SectionTitle } from './section-title';
import { SoldOutNotice } from './sold-out-notice';
import { TimeSection } from './time-section';
import { VehicleSection } from './vehicle-section';
import { useWaitlistOffer } from './waitlist-api';

/** Errors a dialog explains, so the banner stays empty for them. */
const DIALOG_ERRORS: ReadonlySet<string> = new Set([
  errorCodes.residency_rule,
  errorCodes.max_permits_reached,
  errorCodes.invalid_access_code,
]);

function describeCheckoutError(error: unknown): string | null {
  if (isApiError(error) && DIALOG_ERRORS.has(error.code)) return null;
  if (isApiError(error, errorCodes.sold_out)) return passMessages.soldOut;
  if (isApiError(error) && error.status >= 500) return passMessages.issueFailed;
  return (error as Error).message || passMessages.issueFailed;
}

function submitLabel(product: PermitProduct): string {
  if (!product.isAutoApproved) return passScreenMessages.submitApply;
  return product.amount > 0 ? passScreenMessages.submitPay : passScreenMessages.submitFree;
}

/** The permit summary: pictures, name, price, how long, and whether an administrator approves it. */
function PermitSummary({ product }: { product: PermitProduct }) {
  const timeZone = useTenantTimeZone();
  const images = useProductImages(product.uuid);
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-labelledby="summary-title"
      className="pass-summary"
    >
      {images.data && images.data.length > 0 && (
        <Card.Section mb="sm">
          <Group gap={0} wrap="nowrap" className="pass-summary__images">
            {images.data.map((image, index) => (
              <Image
                key={image.uuid}
                src={image.url}
                alt={`${product.name}, image ${index + 1}`}
                h={150}
                fit="cover"
              />
            ))}
          </Group>
        </Card.Section>
      )}
      <Stack gap={6}>
        <Text size="xs" tt="uppercase" c="dimmed" fw={600} id="summary-title">
          {passScreenMessages.summaryTitle}
        </Text>
        <Title order={2} size="h3" data-testid="summary-name">
          {product.name}
        </Title>
        {product.description && <Text size="sm">{product.description}</Text>}
        <Text size="sm">{describeProductTime(product, timeZone)}</Text>
        <Group justify="space-between" mt="xs">
          <Text c="dimmed">{passScreenMessages.price}</Text>
          <Text fw={700} size="lg" data-testid="summary-price">
            {formatProductPrice(product)}
          </Text>
        </Group>
        {!product.isAutoApproved && (
          <Badge variant="light" color="yellow" c="dark.8">
            {passMessages.needsAdminApproval}
          </Badge>
        )}
      </Stack>
    </Card>
  );
}

interface CheckoutFormProps {
  product: PermitProduct;
  isGuest: boolean;
  verifiedEmail: string | null;
  customerUUID: string | null;
  verificationToken: string | null;
  initialCode: string;
  /** The token of the waitlist offer the checkout buys through (?offer=), and its email. */
  offer: { token: string; email: string } | null;
}

/** The application / guest checkout form of one product, with its dialogs. */
function CheckoutForm(props: CheckoutFormProps) {
  const { product, isGuest, verifiedEmail } = props;
  const brand = useBrand();
  const navigate = useNavigate();
  const timeZone = useTenantTimeZone();
  const formRef = useRef<HTMLFormElement>(null);
  const [isMaxPermitsOpen, setIsMaxPermitsOpen] = useState(false);
  const [accessCode, setAccessCode] = useState<{ isOpen: boolean; problem: string | null }>({
    isOpen: false,
    problem: null,
  });
  const [isResubmitting, setIsResubmitting] = useState(false);
  const [residencyProblem, setResidencyProblem] = useState<string | null>(null);

  const context: CheckoutContext = useMemo(
    () => ({ product, isGuest, isEmailVerified: Boolean(verifiedEmail), timeZone, now: () => new Date() }),
    [product, isGuest, verifiedEmail, timeZone],
  );
  const schema = useMemo(() => checkoutFormSchema(context), [context]);

  async function send(values: CheckoutFormValues): Promise<IssueResponse | null> {
    if (product.hasAccessCodes && !values.permitCode.trim()) {
      setAccessCode({ isOpen: true, problem: null });
      return null;
    }
    try {
      const waitlistOffer = props.offer?.token ?? null;
      if (!isGuest) return await issuePermit({ ...toIssuePayload(values, context), waitlistOffer });
      return await checkOutAsGuest(
        {
          ...toCheckoutPayload(values, context, {
            subdomain: brand?.subdomain ?? '',
            customerUUID: props.customerUUID ?? (readJwt() ? (readSession().userUUID ?? null) : null),
            emailVerificationToken: props.verificationToken,
          }),
          waitlistOffer,
        },
        product,
      );
    } catch (error) {
      if (isApiError(error, errorCodes.residency_rule)) setResidencyProblem(error.message);
      if (isApiError(error, errorCodes.max_permits_reached)) setIsMaxPermitsOpen(true);
      if (isApiError(error, errorCodes.invalid_access_code)) {
        form.setFieldValue('permitCode', '');
        setAccessCode({ isOpen: true, problem: passMessages.invalidAccessCode });
      }
      throw error;
    }
  }

  async function goToOutcome(result: IssueResponse | null) {
    if (!result) return;
    const uuid = result.permitIssuedUUID;
    if (result.outcome === 'payment') {
      const url = await fetchPassCheckoutUrl(uuid, brand?.subdomain ?? '', !isGuest);
      window.location.assign(url);
      return;
    }
    const submitted = result.outcome === 'submitted';
    if (isGuest)
      navigate((submitted ? paths.passes.guestSubmitted : paths.passes.guestSuccess)({ id: uuid }));
    else navigate((submitted ? paths.passes.submitted : paths.passes.success)(uuid));
  }

  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema,
    initialValues: initialCheckoutValues(product, {
      email: verifiedEmail ?? props.offer?.email ?? '',
      permitCode: props.initialCode,
    }),
    submit: send,
    onSuccess: goToOutcome,
    describeError: describeCheckoutError,
  });

  // After a refused submission, the keyboard lands on the input the first message is about
  // (once per submission: later changes of the errors, as the user types, move nothing).
  const [submitAttempts, setSubmitAttempts] = useState(0);
  const focusedAttempt = useRef(0);
  useEffect(() => {
    if (submitAttempts === focusedAttempt.current) return;
    focusedAttempt.current = submitAttempts;
    const [field] = Object.keys(form.errors);
    const input = field ? formRef.current?.querySelector<HTMLElement>(`[data-path="${field}"]`) : null;
    input?.focus();
  }, [submitAttempts, form.errors]);

  // The access code dialog accepted a code: send the form again with it.
  useEffect(() => {
    if (!isResubmitting) return;
    setIsResubmitting(false);
    formRef.current?.requestSubmit();
  }, [isResubmitting]);

  const clientResidency = form.errors.residency;
  // An input marked without a message (error `true`, the label-and-address type) adds no banner.
  const firstProblem = Object.entries(form.errors).find(
    ([field, error]) => field !== 'residency' && typeof error === 'string',
  )?.[1];
  const nowLocal = toLocalWallTime(new Date(), timeZone).slice(0, 16);
  const isFullCustom = product.advancedType === ADVANCED_TYPES.fullCustom;

  return (
    <>
      <form
        ref={formRef}
        onSubmit={(event) => {
          setSubmitAttempts((count) => count + 1);
          onSubmit(event);
        }}
        noValidate
        aria-labelledby="checkout-title"
      >
        <Stack gap="xl">
          {product.needsGuestCode && (
            <Stack gap="sm" component="section" aria-labelledby="guest-code-title">
              <SectionTitle id="guest-code-title">{passScreenMessages.guestCodeTitle}</SectionTitle>
              <TextInput
                label={passScreenMessages.guestCodeLabel}
                required
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                {...form.getInputProps('guestCode')}
                onChange={(event) => form.setFieldValue('guestCode', event.currentTarget.value.toUpperCase())}
                name="guestCode"
              />
            </Stack>
          )}
          {isGuest && (
            <Stack gap="sm" component="section" aria-labelledby="contact-title">
              <SectionTitle id="contact-title">{passScreenMessages.contactTitle}</SectionTitle>
              {product.guestFieldsType === 1 && (
                <TextInput
                  label={passScreenMessages.fullnameLabel}
                  autoComplete="name"
                  maxLength={200}
                  {...form.getInputProps('fullname')}
                  name="fullname"
                />
              )}
              <TextInput
                label={passScreenMessages.emailLabel}
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                readOnly={Boolean(verifiedEmail)}
                description={verifiedEmail ? passScreenMessages.emailLockedHint : undefined}
                {...form.getInputProps('email')}
                name="email"
              />
            </Stack>
          )}
          <TimeSection form={form} context={context} nowLocal={nowLocal} />
          <VehicleSection form={form} isGuest={isGuest} isPlateOnly={product.isPlateOnly} />
          {needsHolderInfo(product, isGuest) && !isFullCustom && (
            <HolderSection
              form={form}
              product={product}
              askedAbove={isGuest ? { name: product.guestFieldsType === 1, email: true } : undefined}
            />
          )}
          <CustomFieldsSection form={form} isRequired={isFullCustom} />
          {product.isRegImgRequired && (
            <ProofUpload form={form} maxFiles={product.maxProofFiles} copy={product.documentUploadCopy} />
          )}
          <RichText html={product.footerCopyAboveCheckout} testId="footer-above" />
          {(formError || firstProblem) && (
            <Alert color="red" role="alert" data-testid="checkout-error">
              {formError ?? firstProblem}
            </Alert>
          )}
          <Button type="submit" size="md" loading={isSubmitting} fullWidth>
            {submitLabel(product)}
          </Button>
          <RichText html={product.footerCopy} testId="footer-below" />
        </Stack>
      </form>
      <RegistrationErrorDialog
        message={residencyProblem ?? (clientResidency ? String(clientResidency) : null)}
        onClose={() => {
          setResidencyProblem(null);
          form.clearFieldError('residency');
        }}
      />
      <MaxPermitsDialog
        isOpen={isMaxPermitsOpen}
        count={brand?.maxPermitCountPerCustomer ?? null}
        onClose={() => setIsMaxPermitsOpen(false)}
      />
      <AccessCodeDialog
        isOpen={accessCode.isOpen}
        productUuid={product.uuid}
        problem={accessCode.problem}
        onClose={() => setAccessCode({ isOpen: false, problem: null })}
        onAccepted={(code) => {
          form.setFieldValue('permitCode', code);
          setAccessCode({ isOpen: false, problem: null });
          setIsResubmitting(true);
        }}
      />
    </>
  );
}

/** The frame of both checkout screens: the summary beside the form (above it on a phone). */
function CheckoutLayout({
  product,
  offer,
  children,
}: {
  product: PermitProduct;
  offer?: WaitlistOffer | null;
  children: React.ReactNode;
}) {
  useDocumentTitle(`${passScreenMessages.checkoutTitle} · ${product.name}`);
  const timeZone = useTenantTimeZone();
  return (
    <Stack gap="lg" className="pass-checkout">
      <Title order={1} size="h2" id="checkout-title">
        {passScreenMessages.checkoutTitle}
      </Title>
      {offer && (
        <Alert color={offer.status === 'offered' ? 'blue' : 'red'} data-testid="waitlist-offer-banner">
          {offer.status === 'offered' && offer.offerExpiresAt
            ? fillMessage(waitlistMessages.offerBanner, {
                deadline: formatDate(offer.offerExpiresAt, timeZone, 'dateTime'),
              })
            : waitlistMessages.offerUnavailable}
        </Alert>
      )}
      <QuotaNotice productUuid={product.uuid} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <div className="pass-checkout__summary">
            <PermitSummary product={product} />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          {children}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * /permit/{permituuid}/guestcheckout[/{customeruuid}]: a guest's checkout. Opened from the
 * verification email (customeruuid and ?token=), the verified email is filled in and locked.
 */
export function GuestCheckoutPage() {
  const { permituuid = '', customeruuid } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const product = usePermitProduct(permituuid);
  const verification = useEmailVerification(permituuid, customeruuid, token);
  const offerToken = searchParams.get('offer');
  const offer = useWaitlistOffer(offerToken);

  if (product.isError) return <Navigate to={paths.notFound()} replace />;
  if (
    product.isPending ||
    (customeruuid && token && verification.isPending) ||
    (offerToken && offer.isPending)
  )
    return <Loader aria-label={commonMessages.loading} />;
  const isVerified = verification.isSuccess;
  if (product.data.isEmailVerify && !isVerified) {
    return (
      <Stack gap="md" maw={560} mx="auto">
        <Alert color="red" role="alert" data-testid="verification-problem">
          {customeruuid ? passMessages.verificationLinkInvalid : passMessages.verificationRequired}
        </Alert>
        <Anchor component={Link} to={paths.passes.verifyEmail(permituuid)}>
          {passMessages.verifyEmailTitle}
        </Anchor>
      </Stack>
    );
  }
  return (
    <CheckoutLayout product={product.data} offer={offer.data}>
      {product.data.isSoldOut && !offer.data ? (
        <SoldOutNotice product={product.data} backTo={paths.passes.choose()} />
      ) : (
        <CheckoutForm
          product={product.data}
          isGuest
          verifiedEmail={isVerified ? verification.data.email : null}
          customerUUID={isVerified ? verification.data.customerUUID : null}
          verificationToken={isVerified ? token : null}
          initialCode={searchParams.get('code') ?? ''}
          offer={offerToken && offer.data ? { token: offerToken, email: offer.data.email } : null}
        />
      )}
    </CheckoutLayout>
  );
}

/** /permits/view/apply/{permituuid}?code=: a signed-in customer's application. */
export function CustomerApplyPage() {
  const { permituuid = '' } = useParams();
  const [searchParams] = useSearchParams();
  const product = usePermitProduct(permituuid);
  const offerToken = searchParams.get('offer');
  const offer = useWaitlistOffer(offerToken);
  // The account's passes, counted as the server counts them, when the tenant sets a maximum.
  const maximum = useBrand()?.maxPermitCountPerCustomer ?? null;
  const held = useOwnPermits(maximum !== null);
  if (product.isError) return <Navigate to={paths.notFound()} replace />;
  if (product.isPending || (offerToken && offer.isPending) || (held.isEnabled && held.isPending))
    return <Loader aria-label={commonMessages.loading} />;
  const isAtMaximum = maximum !== null && isAtMaximumPasses(maximum, held.data ?? [], new Date());
  return (
    <CheckoutLayout product={product.data} offer={offer.data}>
      {isAtMaximum ? (
        <MaxPermitsNotice count={maximum} />
      ) : product.data.isSoldOut && !offer.data ? (
        <SoldOutNotice product={product.data} backTo={paths.passes.chooseForAccount()} />
      ) : (
        <CheckoutForm
          product={product.data}
          isGuest={false}
          verifiedEmail={null}
          customerUUID={null}
          verificationToken={null}
          initialCode={searchParams.get('code') ?? ''}
          offer={offerToken && offer.data ? { token: offerToken, email: offer.data.email } : null}
        />
      )}
    </CheckoutLayout>
  );
}
