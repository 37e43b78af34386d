import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { updateVehicleContract, type Vehicle } from '../../../shared/contract';
import { passEditMessages, passScreenMessages } from '../../../shared/messages';
import { useDocumentTitle } from '../../app/use-document-title';
import { Dialog } from '../../components/dialog';
import { useApiForm } from '../../lib/use-api-form';
import { useSavedVehicles } from './api';
import { useDeleteSavedVehicle, useUpdateSavedVehicle } from './edit-api';
import { AddVehicleDialog, VehicleFields } from './vehicle-section';

type VehicleValues = { plate: string; state: string; make: string; model: string; color: string };
const vehicleFormSchema = updateVehicleContract.body.omit({ uuid: true });
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The Vehicle information dialog: Delete, Cancel and Save (part 2 section 2). */
function VehicleInformationDialog(props: { vehicle: Vehicle; onClose: () => void }) {
  const { vehicle } = props;
  const update = useUpdateSavedVehicle();
  const remove = useDeleteSavedVehicle();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: vehicleFormSchema,
    initialValues: {
      plate: vehicle.plate,
      state: vehicle.state ?? '',
      make: vehicle.make ?? '',
      model: vehicle.model ?? '',
      color: vehicle.color ?? '',
    },
    submit: (values) => update.mutateAsync({ ...values, uuid: vehicle.uuid }),
    onSuccess: props.onClose,
    describeError: errorText,
  });
  return (
    <Dialog
      title={passEditMessages.vehicleInfoTitle}
      onClose={props.onClose}
      closeLabel={passScreenMessages.close}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {(formError || remove.error) && (
            <Alert color="red" role="alert">
              {formError ?? errorText(remove.error)}
            </Alert>
          )}
          <VehicleFields
            form={form as unknown as UseFormReturnType<VehicleValues>}
            isPlateOnly={false}
            idPrefix="saved-vehicle"
          />
          <Group justify="space-between" gap="sm">
            <Button
              variant="outline"
              color="red.8"
              loading={remove.isPending}
              onClick={() => remove.mutate(vehicle.uuid, { onSuccess: props.onClose })}
            >
              {passEditMessages.deleteVehicle}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={props.onClose}>
                {passScreenMessages.cancel}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {passEditMessages.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * The vehicles screen (/permits/vehicles): a card per saved vehicle, a '+ Add a new vehicle'
 * card, and 'Update vehicle' — labelled 'Choose a vehicle' and disabled until one is picked.
 */
export function VehiclesPage() {
  useDocumentTitle(passEditMessages.vehiclesTitle);
  const vehicles = useSavedVehicles(true);
  const [chosen, setChosen] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'add' | 'edit' | null>(null);
  const chosenVehicle = vehicles.data?.find((vehicle) => vehicle.uuid === chosen) ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>{passEditMessages.vehiclesTitle}</Title>
        <Button disabled={!chosenVehicle} onClick={() => setDialog('edit')}>
          {chosenVehicle ? passEditMessages.updateVehicle : passEditMessages.chooseVehicle}
        </Button>
      </Group>
      {vehicles.isPending && (
        <Group justify="center" py="xl">
          <Loader aria-label={passEditMessages.loading} />
        </Group>
      )}
      {vehicles.data && vehicles.data.length === 0 && <Text c="dimmed">{passScreenMessages.noVehicles}</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" role="list">
        {vehicles.data?.map((vehicle) => {
          const isChosen = vehicle.uuid === chosen;
          return (
            <Card
              key={vehicle.uuid}
              withBorder
              padding={0}
              radius="md"
              role="listitem"
              style={{
                borderColor: isChosen ? 'var(--mantine-primary-color-filled)' : undefined,
                borderWidth: isChosen ? 2 : 1,
              }}
            >
              <UnstyledButton
                onClick={() => setChosen(vehicle.uuid)}
                onDoubleClick={() => {
                  setChosen(vehicle.uuid);
                  setDialog('edit');
                }}
                aria-pressed={isChosen}
                p="md"
                w="100%"
                data-testid="saved-vehicle"
              >
                <Stack gap={4}>
                  <Text fw={700}>
                    {[vehicle.make, vehicle.model, vehicle.color].filter(Boolean).join(' · ') || '—'}
                  </Text>
                  <Text c="dimmed">{[vehicle.state, vehicle.plate].filter(Boolean).join(' · ')}</Text>
                </Stack>
              </UnstyledButton>
            </Card>
          );
        })}
        {vehicles.data && (
          <Card withBorder padding={0} radius="md" role="listitem" style={{ borderStyle: 'dashed' }}>
            <UnstyledButton onClick={() => setDialog('add')} p="md" w="100%" h="100%">
              <Text fw={600} ta="center">
                {passEditMessages.addNewVehicle}
              </Text>
            </UnstyledButton>
          </Card>
        )}
      </SimpleGrid>
      <AddVehicleDialog
        isOpen={dialog === 'add'}
        onClose={() => setDialog(null)}
        onAdded={(uuid) => {
          setChosen(uuid);
          setDialog(null);
        }}
      />
      {dialog === 'edit' && chosenVehicle && (
        <VehicleInformationDialog vehicle={chosenVehicle} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
