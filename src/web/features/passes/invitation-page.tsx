import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { type Invitation, vehicleInputSchema } from '../../../shared/contract';
import { accountMessages, fillMessage, passEditMessages } from '../../../shared/messages';
import { passMessages } from '../../../shared/messages/passes';
import { isStrongPassword } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { FailureAlert } from '../../components/form-alerts';
import { PageCard } from '../../components/form-card';
import { serverAdviceOr } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { startSession } from '../accounts/api';
import { PasswordRules } from '../accounts/password-rules';
import { usePasswordVisibility } from '../accounts/use-password-visibility';
import { acceptInvitation, useInvitation } from './edit-api';
import { SectionTitle } from './section-title';
import { VehicleFields } from './vehicle-section';

/**
 * The emailed link of a business's invitation (/permits/invitation/{token}, decision 216): the
 * visitor chooses their own password (when the account has none of its own) and names the
 * vehicle; saving signs them in and opens the pass.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  return (
    <PageCard titleId="invitation-title" title={passEditMessages.invitationTitle} width={560}>
      {invitation.isPending ? (
        <Loader size="sm" aria-label={passEditMessages.invitationLoading} />
      ) : invitation.data ? (
        <InvitationForm token={token} invitation={invitation.data} />
      ) : (
        <Alert color="red" role="alert" data-testid="invitation-error">
          <Stack gap="xs" align="flex-start">
            <Text inherit>{serverAdviceOr(invitation.error, passMessages.invitationInvalid)}</Text>
            <Anchor component={Link} to={paths.account.login()} inherit className="alert-link">
              {passEditMessages.invitationSignIn}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </PageCard>
  );
}

const VEHICLE_KEYS = ['plate', 'state', 'make', 'model', 'color'] as const;

/** The form's strings, checked by the contract's vehicle rules and, when asked, the password rules. */
function formSchemaFor(invitation: Invitation) {
  return z
    .object({
      password: z.string(),
      repeat: z.string(),
      plate: z.string(),
      state: z.string(),
      make: z.string(),
      model: z.string(),
      color: z.string(),
    })
    .superRefine((values, context) => {
      const vehicle = vehicleInputSchema.safeParse(values);
      for (const issue of vehicle.success ? [] : vehicle.error.issues) {
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      if (vehicle.success && vehicle.data.plate === '') {
        context.addIssue({ code: 'custom', path: ['plate'], message: passMessages.vehicleRequired });
      }
      if (!invitation.needsPassword) return;
      if (!values.password) {
        context.addIssue({
          code: 'custom',
          path: ['password'],
          message: passMessages.invitationPasswordRequired,
        });
      } else if (values.password !== values.repeat) {
        context.addIssue({
          code: 'custom',
          path: ['repeat'],
          message: accountMessages.resetPasswordsMismatch,
        });
      } else if (!isStrongPassword(values.password)) {
        context.addIssue({ code: 'custom', path: ['password'], message: accountMessages.passwordTooWeak });
      }
    });
}

function InvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const toggle = usePasswordVisibility();
  const schema = useMemo(() => formSchemaFor(invitation), [invitation]);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema,
    initialValues: { password: '', repeat: '', plate: '', state: '', make: '', model: '', color: '' },
    submit: (values) =>
      acceptInvitation({
        token,
        password: invitation.needsPassword ? values.password : null,
        vehicle: Object.fromEntries(VEHICLE_KEYS.map((key) => [key, values[key]])) as Record<
          (typeof VEHICLE_KEYS)[number],
          string
        >,
      }),
    onSuccess: async (session) => {
      await startSession(session, brand);
      await navigate(paths.passes.receipt(session.permitIssuedUUID));
    },
    fieldOf: (error) => (error.message === passMessages.vehicleRequired ? 'plate' : null),
    describeError: (error) => serverAdviceOr(error, passMessages.invitationInvalid),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>
          {fillMessage(passEditMessages.invitationIntro, {
            business: invitation.businessName,
            product: invitation.permitName,
          })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="invitation-email">
          {fillMessage(passEditMessages.invitationAccount, { email: invitation.email })}
        </Text>
        {invitation.needsApproval && (
          <Alert color="blue" role="status">
            {fillMessage(passEditMessages.invitationNeedsApproval, { business: invitation.businessName })}
          </Alert>
        )}
        <FailureAlert message={formError} testId="invitation-error" />
        {invitation.needsPassword && (
          <Stack gap="sm">
            <Text size="sm">{passEditMessages.invitationPasswordIntro}</Text>
            <PasswordInput
              label={accountMessages.newPasswordLabel}
              autoComplete="new-password"
              required
              maxLength={128}
              aria-describedby="invitation-password-rules"
              {...form.getInputProps('password')}
              name="password"
              {...toggle}
            />
            <PasswordInput
              label={accountMessages.repeatPasswordLabel}
              autoComplete="new-password"
              required
              maxLength={128}
              {...form.getInputProps('repeat')}
              name="repeat"
              {...toggle}
            />
            <PasswordRules password={form.values.password} id="invitation-password-rules" />
          </Stack>
        )}
        <SectionTitle id="invitation-vehicle">{passEditMessages.invitationVehicleTitle}</SectionTitle>
        <VehicleFields form={form} isPlateOnly={invitation.isPlateOnly} idPrefix="invitation" />
        <Button type="submit" loading={isSubmitting}>
          {passEditMessages.invitationSubmit}
        </Button>
      </Stack>
    </form>
  );
}
