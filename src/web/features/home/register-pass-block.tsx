import { Button, Card, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { BrandDetails } from '../../../shared/contract';
import { homeMessages } from '../../../shared/messages/home';
import { paths } from '../../app/page-paths';

type Action = { label: string; to: string };

/** Which sign-up and sign-in actions a tenant offers (part 1 section 2, Home). */
export function registerActions(brand: BrandDetails): Action[] {
  if (brand.isPrivate && brand.isLoginOnly) {
    return [
      { label: homeMessages.signUpWithCode, to: paths.account.signupCode() },
      { label: homeMessages.logIn, to: paths.account.login() },
    ];
  }
  if (brand.isPrivate) {
    return [
      { label: homeMessages.createAccount, to: paths.account.signup() },
      { label: homeMessages.signIn, to: paths.account.login() },
    ];
  }
  return [{ label: homeMessages.goToParkingPasses, to: paths.passes.choose() }];
}

export function RegisterPassBlock({ brand }: { brand: BrandDetails }) {
  const [primary, ...others] = registerActions(brand);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="register-pass-title">
      <Title order={2} size="h3" id="register-pass-title" mb="md">
        {homeMessages.registerBlockTitle}
      </Title>
      <Group gap="sm">
        {primary && (
          <Button component={Link} to={primary.to}>
            {primary.label}
          </Button>
        )}
        {others.map((action) => (
          <Button key={action.to} component={Link} to={action.to} variant="outline">
            {action.label}
          </Button>
        ))}
      </Group>
    </Card>
  );
}
