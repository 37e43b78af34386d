// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { passScreenMessages } from '../../../shared/messages';
import { type CheckoutContext, initialCheckoutValues } from './checkout-form';
import { dayPassProduct } from './test-products';
import { TimeSection } from './time-section';

function TimeSectionOf({ context }: { context: CheckoutContext }) {
  const form = useForm({
    initialValues: initialCheckoutValues(context.product, { email: '', permitCode: '' }),
  });
  return <TimeSection form={form} context={context} nowLocal="" />;
}

describe('the pass times of the checkout', () => {
  afterEach(cleanup);

  it('says "Starts now" for a pass that starts now, however far the clock moves between readings', () => {
    // A slow machine: every reading of the clock is a millisecond after the last.
    let tick = Date.parse('2026-11-21T15:00:00Z');
    const context: CheckoutContext = {
      product: dayPassProduct,
      isGuest: true,
      isEmailVerified: false,
      timeZone: 'America/Los_Angeles',
      now: () => new Date(tick++),
    };
    render(
      <MantineProvider>
        <TimeSectionOf context={context} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('pass-start').textContent).toBe(passScreenMessages.startsNow);
  });
});
