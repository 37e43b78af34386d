import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Appeal, listAppealMessagesContract, postAppealMessageContract } from '../../../shared/contract';
import { appealThreadMessages } from '../../../shared/messages';
import { useTenantTimeZone } from '../../app/brand';
import { MessageThread } from '../../components/message-thread';
import { callApi } from '../../lib/api-client';

/** The appellant's side of the thread: reached with the notice's uuid and number, as the appeal is. */
export function AppealThread({
  citationUUID,
  number,
  appeal,
}: {
  citationUUID: string;
  number: string;
  appeal: Appeal;
}) {
  const queryClient = useQueryClient();
  const timeZone = useTenantTimeZone();
  const queryKey = ['appeal-messages', citationUUID, number];
  const messages = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      callApi(listAppealMessagesContract, { params: { uuid: citationUUID, number } }, { signal }),
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
        await callApi(postAppealMessageContract, {
          params: { uuid: citationUUID, number },
          body: { body, imageURLs },
        });
        await queryClient.invalidateQueries({ queryKey });
      }}
    />
  );
}
