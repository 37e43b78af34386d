import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { joinWaitlistContract, type PermitProduct, type WaitlistPlace } from '../../../shared/contract';
import { fillMessage, waitlistMessages as m } from '../../../shared/messages';
import { useIsHydrated } from '../../app/use-is-hydrated';
import { contractMutation } from '../../lib/contract-query';
import { useJwt } from '../../lib/session';
import { asOptionalCustomer, useCustomer } from '../accounts/api';

function placeSentence(place: WaitlistPlace): string {
  if (place.rank === null) return m.yourPlaceOffered;
  const rank = fillMessage(m.yourPlace, { rank: place.rank });
  return place.wasAlreadyOnList ? `${m.alreadyOnList} ${rank}` : rank;
}

/**
 * "Join the waitlist" on a sold-out product that keeps one (issue 31): the email (a signed-in
 * customer's own, shown), then the person's place in line, as the server counts it.
 */
/**
 * A narrow card (four to a row, a phone's half-width button, or a longer French label) wraps a
 * button's label rather than cut it ("Join the waitlis").
 */
const wrapsItsLabel = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center' } },
} as const;

export function WaitlistJoin({ product }: { product: PermitProduct }) {
  const jwt = useJwt();
  const customer = useCustomer();
  const [isOpen, setIsOpen] = useState(false);
  const [email, setEmail] = useState('');
  // The missing email is found before any call; the server's refusal is the mutation's error.
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const joining = useMutation(contractMutation(joinWaitlistContract, asOptionalCustomer));
  const problem = emailProblem ?? joining.error?.message ?? null;
  const place = joining.data;
  const formId = useId();
  // In the server's HTML (a sold-out checkout) the button waits for the app's code.
  const isHydrated = useIsHydrated();
  const signedInEmail = jwt ? customer.data?.email : undefined;

  function join(event: React.FormEvent) {
    event.preventDefault();
    if (joining.isPending) return;
    if (!signedInEmail && !email.trim()) {
      setEmailProblem(m.emailRequired);
      return;
    }
    setEmailProblem(null);
    joining.mutate({ params: { id: product.uuid }, body: { email: signedInEmail ?? email } });
  }

  if (place) {
    return (
      <Alert mt="md" color="green" role="status" data-testid="waitlist-place">
        {placeSentence(place)}
      </Alert>
    );
  }
  if (!isOpen) {
    return (
      <Button
        mt="md"
        fullWidth
        {...wrapsItsLabel}
        onClick={() => setIsOpen(true)}
        disabled={!isHydrated}
        aria-label={`${m.joinButton}: ${product.name}`}
      >
        {m.joinButton}
      </Button>
    );
  }
  return (
    <form
      id={formId}
      onSubmit={join}
      noValidate
      aria-label={fillMessage(m.joinTitle, { product: product.name })}
    >
      <Stack gap="xs" mt="md">
        <Text size="sm">{m.joinIntro}</Text>
        {signedInEmail ? (
          <Text size="sm" fw={600}>
            {fillMessage(m.emailSignedIn, { email: signedInEmail })}
          </Text>
        ) : (
          <TextInput
            label={m.emailLabel}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={problem ?? undefined}
            data-autofocus
          />
        )}
        {problem && signedInEmail && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="sm" grow>
          <Button variant="default" {...wrapsItsLabel} onClick={() => setIsOpen(false)}>
            {m.cancel}
          </Button>
          <Button type="submit" {...wrapsItsLabel} loading={joining.isPending}>
            {m.joinSubmit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
