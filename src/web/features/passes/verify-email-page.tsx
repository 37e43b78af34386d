import { Alert, Button, Loader, Text, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { guestEmailConfirmContract } from '../../../shared/contract';
import { commonMessages, passMessages, passScreenMessages } from '../../../shared/messages';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { FailureAlert } from '../../components/form-alerts';
import { PageCard } from '../../components/form-card';
import { useApiForm } from '../../lib/use-api-form';
import { sendVerificationEmail } from './api';
import { usePermitProduct } from './catalogue-api';
import { formatProductPrice } from './pass-presenters';

/** The emailed link's form checks what the server checks, minus the tenant and product it adds. */
const verifyFormSchema = guestEmailConfirmContract.body.pick({ email: true });

/**
 * /permit/{permituuid}/verify: 'Verify your email address' for a product that needs it. A link
 * that begins the registration is emailed; the screen then says so (/permits/choose/emailsent).
 */
export function VerifyPassEmailPage() {
  const { permituuid = '' } = useParams();
  const brand = useBrand();
  const navigate = useNavigate();
  const product = usePermitProduct(permituuid);
  useDocumentTitle(passMessages.verifyEmailTitle);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: verifyFormSchema,
    initialValues: { email: '' },
    submit: (values) =>
      sendVerificationEmail({
        email: values.email,
        permitUUID: permituuid,
        subdomain: brand?.subdomain ?? '',
      }),
    onSuccess: () => navigate(paths.passes.emailSent()),
    describeError: (error) => (error as Error).message,
  });

  if (product.isError) {
    return (
      <Alert color="red" role="alert">
        {product.error.message}
      </Alert>
    );
  }
  return (
    <PageCard titleId="verify-title" title={passMessages.verifyEmailTitle} onSubmit={onSubmit}>
      {product.isPending ? (
        <Loader size="sm" aria-label={commonMessages.loading} />
      ) : (
        <Text fw={600} data-testid="verify-product">
          {product.data.name} · {formatProductPrice(product.data)}
        </Text>
      )}
      <Text>{passScreenMessages.verifyIntro}</Text>
      <FailureAlert message={formError} testId="verify-error" />
      <TextInput
        label={passScreenMessages.verifyEmailLabel}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        {...form.getInputProps('email')}
        name="email"
      />
      <Button type="submit" loading={isSubmitting}>
        {passScreenMessages.sendVerification}
      </Button>
    </PageCard>
  );
}
