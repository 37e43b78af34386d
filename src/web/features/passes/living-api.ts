import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  businessPermitsGraphDataContract,
  customerPermitsGraphDataContract,
  getCustomerPermitContract,
  getPassProofContract,
  getPassProofLinkContract,
  type IssuedPermit,
  listBusinessPermitsContract,
  listCustomerPermitsContract,
  type PassDecisionAnswer,
  paymentHistoryContract,
  setPermitIssuedStatusContract,
} from '../../../shared/contract';
import { callApi } from '../../lib/api-client';
import { contractKey, contractQuery } from '../../lib/contract-query';
import { useJwt } from '../../lib/session';
import { asCustomer } from '../accounts/api';

/**
 * Calls of living with a pass (issue 10, dashboard half). Customer lists go with the stored
 * token; the receipt, proof and approval calls take the pass's uuid (the capability) and, for an
 * approval, whichever token the approver holds (an operator's or a business member's).
 */

/** The dashboard's list: the business-issued list for a business account, else the customer's own. */
export function useDashboardPermits(isBusiness: boolean | undefined) {
  const jwt = useJwt();
  return useQuery({
    ...contractQuery(isBusiness ? listBusinessPermitsContract : listCustomerPermitsContract, {}, asCustomer),
    enabled: Boolean(jwt) && isBusiness !== undefined,
  });
}

/** The customer's own passes (the dashboard's list of a standard account), when `isEnabled`. */
export function useOwnPermits(isEnabled: boolean) {
  const jwt = useJwt();
  return useQuery({
    ...contractQuery(listCustomerPermitsContract, {}, asCustomer),
    enabled: Boolean(jwt) && isEnabled,
  });
}

export function usePaymentHistory() {
  const jwt = useJwt();
  return useQuery({
    ...contractQuery(paymentHistoryContract, {}, asCustomer),
    enabled: Boolean(jwt),
  });
}

/** The business charts' data: the business account's passes of the last 30 days. */
export function useBusinessGraphData(businessAccountUuid: string | null) {
  return useQuery({
    ...contractQuery(
      businessPermitsGraphDataContract,
      { params: { id: businessAccountUuid ?? '' } },
      asCustomer,
    ),
    enabled: Boolean(businessAccountUuid),
  });
}

/** The same charts of a customer's own passes (not shown on the dashboard; kept for parity). */
export function useCustomerGraphData(customerUuid: string | null) {
  return useQuery({
    ...contractQuery(customerPermitsGraphDataContract, { params: { id: customerUuid ?? '' } }, asCustomer),
    enabled: Boolean(customerUuid),
  });
}

export function usePassProofLink(permitIssuedUuid: string, isEnabled: boolean) {
  return useQuery({
    ...contractQuery(getPassProofLinkContract, { params: { id: permitIssuedUuid } }),
    enabled: isEnabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function usePassProof(proofUuid: string) {
  return useQuery({
    ...contractQuery(getPassProofContract, { params: { id: proofUuid } }),
    retry: false,
  });
}

export type PassDecision = Pick<z.input<typeof setPermitIssuedStatusContract.body>, 'status' | 'message'>;

/** Approve or reject; the pass reloads with the answer (section 7: a status change reloads the pass). */
export function useDecidePermit(permitIssuedUuid: string, authorization: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: PassDecision) =>
      callApi(
        setPermitIssuedStatusContract,
        {
          body: {
            permitIssuedUUID: permitIssuedUuid,
            status: decision.status,
            message: decision.message,
            isApproval: true,
            isFromPortal: true,
          },
        },
        { authorization: authorization ?? '' },
      ),
    onSuccess: ({ isRegistrantEmailed: _emailed, ...permit }: PassDecisionAnswer) => {
      queryClient.setQueryData<IssuedPermit>(
        contractKey(getCustomerPermitContract, { params: { id: permitIssuedUuid } }),
        permit,
      );
      return Promise.all(
        [listCustomerPermitsContract, listBusinessPermitsContract].map((contract) =>
          queryClient.invalidateQueries({ queryKey: contractKey(contract) }),
        ),
      );
    },
  });
}
