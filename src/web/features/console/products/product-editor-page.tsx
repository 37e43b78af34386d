import { Alert, Anchor, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type ConsoleProduct,
  createConsoleProductContract,
  getConsoleProductContract,
  listConsoleProductsContract,
  productEditorSchema,
  updateConsoleProductContract,
} from '../../../../shared/contract';
import { consoleProductMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { paths } from '../../../app/page-paths';
import { FailureAlert } from '../../../components/form-alerts';
import { ApiError } from '../../../lib/api-client';
import { contractKey, contractQuery } from '../../../lib/contract-query';
import { useApiForm } from '../../../lib/use-api-form';
import { callAsOperator } from '../operator-call';
import { QueryState } from '../query-state';
import { BasicsSection } from './editor/basics-section';
import { CapacitySection } from './editor/capacity-section';
import { CheckoutSection } from './editor/checkout-section';
import { FlagSwitch } from './editor/flag-switch';
import { FooterSection } from './editor/footer-section';
import { ImagesSection } from './editor/images-section';
import { editorValuesOf, NEW_PRODUCT } from './editor/product-form';
import { QuestionsSection } from './editor/questions-section';
import { SaleRulesSection } from './editor/sale-rules-section';
import { TimesSection } from './editor/times-section';

/** Every section of a product on one form, saved at once. */
function ProductForm(props: { product: ConsoleProduct | null }) {
  const { product } = props;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: productEditorSchema,
    initialValues: product ? editorValuesOf(product) : NEW_PRODUCT,
    submit: (values) =>
      product
        ? callAsOperator(updateConsoleProductContract, { params: { uuid: product.uuid }, body: values })
        : callAsOperator(createConsoleProductContract, { body: values }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: contractKey(listConsoleProductsContract) });
      queryClient.setQueryData(
        contractQuery(getConsoleProductContract, { params: { uuid: result.uuid } }, callAsOperator).queryKey,
        result,
      );
      setSaved(true);
      if (!product) navigate(paths.console.product(result.uuid), { replace: true });
    },
    fieldOf: (error) => (error.status === 409 ? 'name' : null),
    describeError: (error) => (error as Error).message,
    invalidMessage: m.invalid,
    onInvalid: () => setSaved(false),
  });

  return (
    <form
      onSubmit={(event) => {
        setSaved(false);
        onSubmit(event);
      }}
      noValidate
    >
      <Stack gap="md">
        <BasicsSection form={form} />
        <TimesSection form={form} />
        <CheckoutSection form={form} />
        <CapacitySection form={form} />
        <SaleRulesSection form={form} />
        <QuestionsSection form={form} />
        <ImagesSection form={form} />
        <FooterSection form={form} />
        <Card withBorder padding="md">
          <FlagSwitch form={form} path="isArchived" label={m.flagArchived} />
        </Card>

        <FailureAlert message={formError} />
        {saved && (
          <Alert color="green" role="status">
            {m.saved}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {m.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /dashboard/products/new and /dashboard/products/:uuid: every field of a pass product. */
export function ProductEditorPage() {
  const { uuid } = useParams();
  const query = useQuery({
    ...contractQuery(getConsoleProductContract, { params: { uuid: uuid ?? '' } }, callAsOperator),
    enabled: Boolean(uuid),
  });
  const isForbidden = query.error instanceof ApiError && query.error.status === 403;
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={paths.console.products()}>
        {m.backToList}
      </Anchor>
      <Title order={1}>{query.data ? fillMessage(m.editTitle, { name: query.data.name }) : m.newTitle}</Title>
      {!uuid ? (
        <ProductForm product={null} />
      ) : isForbidden ? (
        <Alert color="yellow" role="alert">
          {m.forbidden}
        </Alert>
      ) : (
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={false}
          loadingLabel={m.loading}
          emptyText=""
        >
          {query.data && <ProductForm key={query.data.uuid} product={query.data} />}
        </QueryState>
      )}
    </Stack>
  );
}
