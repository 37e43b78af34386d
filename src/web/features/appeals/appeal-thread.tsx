import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPEAL_TOKEN_HEADER,
  type Appeal,
  listAppealMessagesContract,
  postAppealMessageContract,
} from '../../../shared/contract';
import { appealThreadMessages } from '../../../shared/messages';
import { useTenantTimeZone } from '../../app/brand';
import { MessageThread } from '../../components/message-thread';
import { callApi } from '../../lib/api-client';
import { contractKey } from '../../lib/contract-query';

/**
 * The appellant's side of the thread: reached with the notice's uuid and number and the appeal's
 * confirmation token, which this browser kept when the emailed link was followed.
 */
export function AppealThread({
  citationUUID,
  number,
  appeal,
  token,
}: {
  citationUUID: string;
  number: string;
  appeal: Appeal;
  token: string;
}) {
  const queryClient = useQueryClient();
  const headers = { [APPEAL_TOKEN_HEADER]: token };
  const timeZone = useTenantTimeZone();
  const input = { params: { uuid: citationUUID, number } };
  const messages = useQuery({
    queryKey: contractKey(listAppealMessagesContract, input),
    queryFn: ({ signal }) => callApi(listAppealMessagesContract, input, { signal, headers }),
  });
  return (
    <MessageThread
      id="appeal-thread"
      messages={messages.data ?? []}
      timeZone={timeZone}
      authorLabel={(author) =>
        author === 'appellant' ? appealThreadMessages.fromAppellant : appealThreadMessages.fromOperator
      }
      intro={appealThreadMessages.intro}
      canWrite={appeal.isPending}
      send={async (body, imageURLs) => {
        await callApi(
          postAppealMessageContract,
          { params: { uuid: citationUUID, number }, body: { body, imageURLs } },
          { headers },
        );
        await queryClient.invalidateQueries({ queryKey: contractKey(listAppealMessagesContract, input) });
      }}
    />
  );
}
