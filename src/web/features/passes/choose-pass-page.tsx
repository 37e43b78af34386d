import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { BrandDetails, PermitProduct } from '../../../shared/contract';
import { commonMessages, passMessages, passScreenMessages } from '../../../shared/messages';
import { useBrand } from '../../app/brand';
import { paths } from '../../app/page-paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { useJwt } from '../../lib/session';
import { useCustomer } from '../accounts/api';
import { registerActions } from '../home/register-pass-block';
import {
  type CatalogueMode,
  checkPermitRules,
  isCatalogueForMembersOnly,
  usePermitProducts,
} from './catalogue-api';
import { ProductCard } from './product-card';

/** Where choosing a product leads (section 2): verify or guest checkout, or a customer's application. */
export function choicePath(product: PermitProduct, mode: CatalogueMode): string {
  if (mode !== 'public') return paths.passes.apply(product.uuid);
  return product.isEmailVerify
    ? paths.passes.verifyEmail(product.uuid)
    : paths.passes.guestCheckout(product.uuid);
}

function ProductCatalogue({ mode, title }: { mode: CatalogueMode; title: string }) {
  const navigate = useNavigate();
  const brand = useBrand();
  const products = usePermitProducts(mode);
  const [checking, setChecking] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ uuid: string; message: string } | null>(null);
  useDocumentTitle(title);

  async function choose(product: PermitProduct) {
    if (checking) return;
    setChecking(product.uuid);
    setProblem(null);
    try {
      await checkPermitRules(product.uuid);
      navigate(choicePath(product, mode));
    } catch (error) {
      // The rule check's answer names the rule and when it opens again: shown as the server says it.
      setProblem({ uuid: product.uuid, message: (error as Error).message });
    } finally {
      setChecking(null);
    }
  }

  return (
    <Stack gap="lg" component="section" aria-labelledby="choose-title">
      <Stack gap={4}>
        <Title order={1} size="h2" id="choose-title">
          {title}
        </Title>
        <Text c="dimmed">{passScreenMessages.chooseIntro}</Text>
        {mode === 'customer' && brand?.isPermitCodeNeeded && (
          <Anchor component={Link} to={paths.passes.accessCode()}>
            {passScreenMessages.enterCodeLink}
          </Anchor>
        )}
      </Stack>
      {products.isPending && <Loader aria-label={commonMessages.loading} />}
      {products.isError && (
        <Alert color="red" role="alert">
          {products.error.message}
        </Alert>
      )}
      {products.data?.length === 0 && <Text data-testid="no-products">{passScreenMessages.noProducts}</Text>}
      {products.data && products.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="product-list">
          {products.data.map((product) => (
            <ProductCard
              key={product.uuid}
              product={product}
              onChoose={choose}
              isChecking={checking === product.uuid}
              problem={problem?.uuid === product.uuid ? problem.message : null}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** In place of the catalogue on a members-only portal: the way in, as the home page offers it. */
function SignInToChoose({ brand }: { brand: BrandDetails }) {
  useDocumentTitle(passScreenMessages.chooseTitle);
  return (
    <Stack gap="lg" component="section" aria-labelledby="choose-title">
      <Title order={1} size="h2" id="choose-title">
        {passScreenMessages.chooseTitle}
      </Title>
      <Text data-testid="catalogue-sign-in">{passMessages.catalogueSignInRequired}</Text>
      <Group gap="sm">
        {registerActions(brand).map((action, index) => (
          <Button
            key={action.to}
            component={Link}
            to={action.to}
            variant={index === 0 ? 'filled' : 'outline'}
          >
            {action.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** /permits/choose: the public catalogue, for guests (on a members-only portal, for the signed in). */
export function PublicChoosePage() {
  const brand = useBrand();
  const jwt = useJwt();
  if (brand && isCatalogueForMembersOnly(brand) && !jwt) return <SignInToChoose brand={brand} />;
  return <ProductCatalogue mode="public" title={passScreenMessages.chooseTitle} />;
}

/** /permits/view/choose: a customer's catalogue; a business account sees its business products. */
export function CustomerChoosePage() {
  const customer = useCustomer();
  if (customer.isPending) return <Loader aria-label={commonMessages.loading} />;
  const mode: CatalogueMode = customer.data?.customerEntityName ? 'business' : 'customer';
  return <ProductCatalogue mode={mode} title={passScreenMessages.chooseTitle} />;
}

/** /permits/visitors/view/choose: visitor-only products. */
export function VisitorChoosePage() {
  return <ProductCatalogue mode="visitor" title={passScreenMessages.chooseVisitorTitle} />;
}
