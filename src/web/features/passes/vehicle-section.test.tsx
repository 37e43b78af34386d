// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRefusedFetch } from '../../../../tests/support/refused-fetch';
import { passScreenMessages, plateMessages } from '../../../shared/messages';
import { AddVehicleDialog } from './vehicle-section';

/**
 * The plate rules of the vehicle form (part 2 section 5) as the form applies them before anything
 * is sent: a component test, where a browser test needs a server for what the form decides alone.
 */
function renderDialog() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <AddVehicleDialog isOpen onClose={() => undefined} onAdded={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const plate = () =>
  screen.getByLabelText(new RegExp(`^${passScreenMessages.plateLabel}`)) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: passScreenMessages.saveVehicle }));

describe('the vehicle form', { timeout: 30_000 }, () => {
  const fetchSpy = useRefusedFetch();

  it('upper-cases the plate as it is typed', () => {
    renderDialog();
    fireEvent.change(plate(), { target: { value: 'abc 123' } });
    expect(plate().value).toBe('ABC 123');
  });

  it('refuses a plate with other characters than letters, numbers and separators, and sends nothing', async () => {
    renderDialog();
    fireEvent.change(plate(), { target: { value: 'AB$12' } });
    save();
    await screen.findByText(plateMessages.plateInvalid);
    expect(plate().getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
