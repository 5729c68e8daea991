import { MESSAGE_MAX } from '@gardenswap/shared/constants';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBanner } from '../../../components/feedback';
import { useSendMessage } from '../../../features/messages/api/use-send-message';

/** Writes to the seller from their profile; the conversation opens once the message is stored. */
export function MessageBar({ userId, username }: { userId: number; username: string }) {
  const navigate = useNavigate();
  const send = useSendMessage(null);
  const [text, setText] = useState('');
  const [clientId, setClientId] = useState(() => crypto.randomUUID());

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || send.isPending) return;
    send.mutate(
      // The same client_id on a retry stores the message only once.
      { receiver_id: userId, content, client_id: clientId },
      {
        onSuccess: () => {
          setText('');
          setClientId(crypto.randomUUID());
          navigate(`/messages/${userId}`);
        },
      },
    );
  };

  return (
    <form className="message-bar" onSubmit={submit} aria-label={`Message ${username}`}>
      <ErrorBanner message={send.isError ? 'Failed to send message' : undefined} onDismiss={() => send.reset()} />
      <div className="message-bar-row">
        <label htmlFor="seller-message" className="visually-hidden">
          Message {username}
        </label>
        <input
          id="seller-message"
          className="input"
          placeholder="Write a message…"
          autoComplete="off"
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // A changed text is a new message, not a retry of the failed one.
            if (send.isError) setClientId(crypto.randomUUID());
          }}
          disabled={send.isPending}
        />
        <button type="submit" className="button button-primary" disabled={send.isPending || !text.trim()}>
          <Send aria-hidden size={18} />
          {send.isPending ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  );
}
