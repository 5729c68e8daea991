import { MESSAGE_MAX } from '@gardenswap/shared/constants';
import { TEXTS } from '@gardenswap/shared/texts';
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';

/**
 * The message box: Enter sends, Shift+Enter starts a new line. Blank text is never sent; text
 * over the limit says so and stays in the box.
 */
export function ChatComposer({ onSend, onTyping }: { onSend: (content: string) => void; onTyping?: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content) return;
    if (content.length > MESSAGE_MAX) {
      setError(TEXTS.messageTooLong);
      return;
    }
    onSend(content);
    setText('');
    setError(undefined);
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const blank = text.trim() === '';
  return (
    <form className="chat-composer" onSubmit={submit} noValidate>
      <div className="chat-composer-row">
        <label htmlFor={id} className="visually-hidden">
          Message
        </label>
        <textarea
          id={id}
          ref={box}
          className="input chat-input"
          rows={1}
          placeholder="Type a message..."
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping?.();
            if (error && e.target.value.trim().length <= MESSAGE_MAX) setError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button-primary chat-send" disabled={blank}>
          <Send aria-hidden size={18} />
          Send
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
