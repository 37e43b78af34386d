import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  acceptInvitationContract,
  addSecondaryVehicleContract,
  cancelPermitContract,
  deleteSecondaryVehicleContract,
  deleteVehicleContract,
  emailCustomerPermitContract,
  getInvitationContract,
  getIssuedFieldsContract,
  guestEditVehicleContract,
  setPermitTimesContract,
  setPermitVehicleContract,
  setPrimaryVehicleStateContract,
  setSecondaryVehicleStateContract,
  updateIssuedFieldsContract,
  updatePermitHolderContract,
  updateVehicleContract,
  type Vehicle,
} from '../../../shared/contract';
import { callApi } from '../../lib/api-client';
import { contractQuery } from '../../lib/contract-query';
import { callAsCustomer } from '../accounts/api';
import { invalidateIssuedPermit, VEHICLES_QUERY_KEY } from './api';

/**
 * The calls of the edit page and the vehicles screen. The edit page acts as the uuid's holder (no
 * token, as the spec's guest edit screen does), cancel included: the link is the capability
 * (decision 178).
 */
/** A mutation on one pass that reloads the pass when it succeeds. */
function usePassMutation<Input, Answer>(permitIssuedUuid: string, send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => invalidateIssuedPermit(queryClient, permitIssuedUuid),
  });
}

type VehicleBody = z.input<typeof addSecondaryVehicleContract.body>;

export function useAddPassVehicle(permitIssuedUuid: string) {
  return usePassMutation(permitIssuedUuid, (vehicle: Omit<VehicleBody, 'permitIssuedUUID'>) =>
    callApi(addSecondaryVehicleContract, { body: { ...vehicle, permitIssuedUUID: permitIssuedUuid } }),
  );
}

/** The primary through the guest's edit call; a secondary through the pass-vehicle call. */
export function useEditPassVehicle(permitIssuedUuid: string) {
  return usePassMutation(
    permitIssuedUuid,
    async ({ vehicle, values }: { vehicle: Vehicle; values: Omit<VehicleBody, 'permitIssuedUUID'> }) => {
      if (vehicle.isPrimary) {
        await callApi(guestEditVehicleContract, {
          body: { permitIssuedUUID: permitIssuedUuid, vehicle: values },
        });
        return;
      }
      await callApi(setPermitVehicleContract, {
        body: { ...values, uuid: vehicle.uuid, permitIssuedUUID: permitIssuedUuid },
      });
    },
  );
}

export function useDeletePassVehicle(permitIssuedUuid: string) {
  return usePassMutation(permitIssuedUuid, (vehicle: Vehicle) =>
    callApi(deleteSecondaryVehicleContract, {
      body: { uuid: vehicle.uuid, permitIssuedUUID: permitIssuedUuid },
    }),
  );
}

export function useTogglePassVehicle(permitIssuedUuid: string) {
  return usePassMutation(
    permitIssuedUuid,
    ({ vehicle, isActive }: { vehicle: Vehicle; isActive: boolean }) =>
      vehicle.isPrimary
        ? callApi(setPrimaryVehicleStateContract, { body: { permitIssuedUUID: permitIssuedUuid, isActive } })
        : callApi(setSecondaryVehicleStateContract, {
            body: { uuid: vehicle.uuid, permitIssuedUUID: permitIssuedUuid, isActive },
          }),
  );
}

export function useUpdateHolder(permitIssuedUuid: string) {
  return usePassMutation(
    permitIssuedUuid,
    (holder: Omit<z.input<typeof updatePermitHolderContract.body>, 'permitIssuedUUID'>) =>
      callApi(updatePermitHolderContract, { body: { ...holder, permitIssuedUUID: permitIssuedUuid } }),
  );
}

export function useSetPassTimes(permitIssuedUuid: string) {
  return usePassMutation(permitIssuedUuid, (times: { issuedAt: string; expiresAt: string }) =>
    callApi(setPermitTimesContract, { body: { ...times, permitIssuedUUID: permitIssuedUuid } }),
  );
}

export function useCancelPass(permitIssuedUuid: string) {
  return usePassMutation(permitIssuedUuid, () =>
    callApi(cancelPermitContract, { params: { id: permitIssuedUuid } }),
  );
}

export function useIssuedFields(permitIssuedUuid: string) {
  return useQuery({
    ...contractQuery(getIssuedFieldsContract, { params: { id: permitIssuedUuid } }),
  });
}

export function useUpdateIssuedFields(permitIssuedUuid: string) {
  return usePassMutation(permitIssuedUuid, (fields: Array<{ label: string; value: string }>) =>
    callApi(updateIssuedFieldsContract, { params: { id: permitIssuedUuid }, body: fields }),
  );
}

// The vehicles screen: the customer's saved vehicles.
export function useUpdateSavedVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof updateVehicleContract.body>) =>
      callAsCustomer(updateVehicleContract, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_KEY }),
  });
}

export function useDeleteSavedVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => callAsCustomer(deleteVehicleContract, { body: { uuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_KEY }),
  });
}

export function inviteByEmail(body: z.input<typeof emailCustomerPermitContract.body>) {
  return callAsCustomer(emailCustomerPermitContract, { body });
}

// A business's invitation, opened by the visitor from the emailed link (decision 216).
export function useInvitation(token: string) {
  return useQuery({
    ...contractQuery(getInvitationContract, { params: { token } }),
    retry: false,
  });
}

export function acceptInvitation(body: z.input<typeof acceptInvitationContract.body>) {
  return callApi(acceptInvitationContract, { body });
}
