import { Alert, Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import {
  addSecondaryVehicleContract,
  errorCodes,
  type IssuedPermit,
  type Vehicle,
} from '../../../shared/contract';
import { fillMessage, passEditMessages, passMessages, passScreenMessages } from '../../../shared/messages';
import { Dialog } from '../../components/dialog';
import { DialogActions } from '../../components/dialog-actions';
import { FailureAlert } from '../../components/form-alerts';
import { isApiError } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import {
  useAddPassVehicle,
  useDeletePassVehicle,
  useEditPassVehicle,
  useTogglePassVehicle,
} from './edit-api';
import { describeVehicle, VehicleFields } from './vehicle-section';

type VehicleValues = { plate: string; state: string; make: string; model: string; color: string };
/** The dialog's fields: the secondary-vehicle call's rules (plate required, upper-cased). */
const vehicleFormSchema = addSecondaryVehicleContract.body.pick({
  plate: true,
  state: true,
  make: true,
  model: true,
  color: true,
});

const valuesOf = (vehicle: Vehicle | null): VehicleValues => ({
  plate: vehicle?.plate ?? '',
  state: vehicle?.state ?? '',
  make: vehicle?.make ?? '',
  model: vehicle?.model ?? '',
  color: vehicle?.color ?? '',
});

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The add and edit dialogs: one form, saved through the call that fits the vehicle. */
function VehicleDialog(props: {
  permit: IssuedPermit;
  vehicle: Vehicle | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { permit, vehicle } = props;
  const addVehicle = useAddPassVehicle(permit.uuid);
  const editVehicle = useEditPassVehicle(permit.uuid);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: vehicleFormSchema,
    initialValues: valuesOf(vehicle),
    submit: async (values) => {
      if (vehicle) await editVehicle.mutateAsync({ vehicle, values });
      else await addVehicle.mutateAsync(values);
    },
    onSuccess: () => props.onSaved(passMessages.vehicleUpdated),
    describeError: errorText,
  });
  const title = vehicle ? passEditMessages.editVehicleTitle : passScreenMessages.addVehicleTitle;
  return (
    <Dialog title={title} onClose={props.onClose} closeLabel={passScreenMessages.close}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FailureAlert message={formError} />
          <VehicleFields
            form={form as unknown as UseFormReturnType<VehicleValues>}
            isPlateOnly={false}
            idPrefix={vehicle ? 'edit-vehicle' : 'add-vehicle'}
          />
          <DialogActions
            cancelLabel={passScreenMessages.cancel}
            onCancel={props.onClose}
            submitLabel={passScreenMessages.saveVehicle}
            isSubmitting={isSubmitting}
          />
        </Stack>
      </form>
    </Dialog>
  );
}

function DeleteVehicleDialog(props: {
  permit: IssuedPermit;
  vehicle: Vehicle;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deleteVehicle = useDeletePassVehicle(props.permit.uuid);
  return (
    <Dialog
      title={passEditMessages.deleteVehicleTitle}
      onClose={props.onClose}
      closeLabel={passScreenMessages.close}
    >
      <Stack gap="md">
        <Text>{fillMessage(passEditMessages.deleteVehicleBody, { plate: props.vehicle.plate })}</Text>
        {deleteVehicle.error && (
          <Alert color="red" role="alert">
            {errorText(deleteVehicle.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            {passScreenMessages.cancel}
          </Button>
          <Button
            color="red.8"
            loading={deleteVehicle.isPending}
            onClick={() => deleteVehicle.mutate(props.vehicle, { onSuccess: props.onDeleted })}
          >
            {passEditMessages.deleteVehicle}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/** The modal of section 8 when one more vehicle may not be active. */
function MaxActiveDialog(props: { onClose: () => void }) {
  return (
    <Dialog
      title={passMessages.maxActiveVehiclesTitle}
      onClose={props.onClose}
      closeLabel={passScreenMessages.close}
    >
      <Stack gap="md">
        <Text>{passMessages.maxActiveVehiclesBody}</Text>
        <Button onClick={props.onClose} style={{ alignSelf: 'flex-end' }} data-autofocus>
          {passScreenMessages.ok}
        </Button>
      </Stack>
    </Dialog>
  );
}

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; vehicle: Vehicle }
  | { kind: 'delete'; vehicle: Vehicle }
  | { kind: 'max-active' };

/**
 * 'Edit vehicles' (part 2 sections 2 and 4): each vehicle with its active switch, edit and
 * delete; 'Add vehicle' while the pass has fewer than maxVehiclesPerPermit. The server enforces
 * both limits; the switch shows its modal when the server refuses an activation.
 */
export function PassVehiclesCard(props: { permit: IssuedPermit; isChangeable: boolean }) {
  const { permit, isChangeable } = props;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const toggle = useTogglePassVehicle(permit.uuid);
  const vehicles = [...(permit.vehicle ? [permit.vehicle] : []), ...permit.secondaryVehicles];
  const canAdd = isChangeable && vehicles.length < permit.maxVehiclesPerPermit;

  const onToggle = (vehicle: Vehicle, isActive: boolean) => {
    setNotice(null);
    toggle.mutate(
      { vehicle, isActive },
      {
        onError: (error) => {
          if (isApiError(error, errorCodes.max_active_vehicles)) setDialog({ kind: 'max-active' });
          else setNotice(errorText(error));
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="edit-vehicles-title">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="edit-vehicles-title">
            {passEditMessages.editVehiclesTitle}
          </Title>
          {canAdd && (
            <Button variant="outline" onClick={() => setDialog({ kind: 'add' })}>
              {passEditMessages.addVehicle}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {fillMessage(passEditMessages.vehicleLimit, {
            max: permit.maxVehiclesPerPermit,
            active: permit.maxActiveVehiclesPerPermit,
          })}
        </Text>
        {notice && (
          <Alert
            color={notice === passMessages.vehicleUpdated ? 'green' : 'red'}
            role={notice === passMessages.vehicleUpdated ? 'status' : 'alert'}
          >
            {notice}
          </Alert>
        )}
        {vehicles.length === 0 && <Text>{passEditMessages.noVehicle}</Text>}
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {vehicles.map((vehicle) => (
            <Card
              key={vehicle.uuid}
              withBorder
              padding="sm"
              radius="md"
              component="li"
              data-testid="pass-vehicle"
            >
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Group gap="xs">
                    <Text fw={700}>{vehicle.plate || passMessages.needsInput}</Text>
                    {vehicle.isPrimary && (
                      <Badge variant="filled" color="gray.8">
                        {passEditMessages.primaryBadge}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {describeVehicle({ ...vehicle, plate: '' })}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Switch
                    label={passEditMessages.activeLabel}
                    aria-label={fillMessage(passEditMessages.toggleActive, { plate: vehicle.plate })}
                    checked={vehicle.isActive}
                    disabled={!isChangeable || toggle.isPending}
                    onChange={(event) => onToggle(vehicle, event.currentTarget.checked)}
                  />
                  {isChangeable && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setDialog({ kind: 'edit', vehicle })}
                      aria-label={`${passEditMessages.editVehicle} ${vehicle.plate}`}
                    >
                      {passEditMessages.editVehicle}
                    </Button>
                  )}
                  {isChangeable && !vehicle.isPrimary && (
                    <Button
                      size="xs"
                      variant="default"
                      color="red.8"
                      onClick={() => setDialog({ kind: 'delete', vehicle })}
                      aria-label={`${passEditMessages.deleteVehicle} ${vehicle.plate}`}
                    >
                      {passEditMessages.deleteVehicle}
                    </Button>
                  )}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      </Stack>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <VehicleDialog
          permit={permit}
          vehicle={dialog.kind === 'edit' ? dialog.vehicle : null}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            setDialog(null);
            setNotice(message);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteVehicleDialog
          permit={permit}
          vehicle={dialog.vehicle}
          onClose={() => setDialog(null)}
          onDeleted={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'max-active' && <MaxActiveDialog onClose={() => setDialog(null)} />}
    </Card>
  );
}
