/**
 * The coach's chat (spec 001): the history, quick prompts, Enter to send (Shift+Enter for a new line), an
 * empty message or one in flight ignored, Save and Copy on replies, what a reply did (a workout logged, a goal
 * set, a plan change to review), the error texts by cause, and audio coaching: replies read aloud with the
 * browser's speech synthesis, on by default. Once the athlete sends, the chat follows the exchange: the
 * newest entry (Thinking…, the reply, or what went wrong) is scrolled into view, on a phone too.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CoachMessage } from '#shared/schemas/coach';
import type { DistanceUnit } from '#shared/units';
import { Button } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useAskCoach, useCoachMessages } from '../api/use-training.ts';
import { AdjustmentReview } from './adjustment-review.tsx';

const QUICK_PROMPTS = ['How is my training going this week?', 'What should I do today?', 'I missed some workouts, please adjust my plan', 'How do I recover after a long run?'];

/** Spec 001's message by cause. */
export function coachErrorText(error: unknown): string {
  const text = `${error instanceof ApiError ? error.status : ''} ${error instanceof Error ? error.message : ''}`.toLowerCase();
  if (error instanceof ApiError && error.status === 429) return error.message;
  if (/401|unauthorized|sign in/.test(text)) return 'Authentication error. Please sign in again.';
  if (/500|503|openai|ai service/.test(text)) return 'AI service temporarily unavailable. Please try again in a moment.';
  if (/network|fetch|reach/.test(text)) return 'Network error. Please check your connection and try again.';
  return 'Failed to get response. Please try again.';
}

function speak(text: string): void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}

export function CoachChat({ unit }: { unit: DistanceUnit }) {
  const history = useCoachMessages();
  const ask = useAskCoach();
  const { toast } = useToast();
  const [draft, setDraft] = useState('');
  const [audio, setAudio] = useState(true);
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | undefined>();
  const [reviewing, setReviewing] = useState<{ planId: string; adjustmentId: string } | undefined>();
  // Sends so far: the chat follows an exchange the athlete started, not the history loading or older pages.
  const [sent, setSent] = useState(0);
  const newestRef = useRef<HTMLLIElement>(null);

  function send(text: string) {
    const message = text.trim();
    if (!message || ask.isPending) return;
    setFailure(undefined);
    setSent((count) => count + 1);
    ask.mutate(message, {
      onSuccess: (exchange) => {
        setDraft('');
        if (audio) speak(exchange.reply.content);
      },
      onError: (error) => {
        const reason = coachErrorText(error);
        setFailure(reason);
        toast({ title: 'Error', description: reason, variant: 'destructive' });
      },
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send(draft);
    }
  }

  const copy = (message: CoachMessage) =>
    void navigator.clipboard?.writeText(message.content).then(
      () => toast({ title: 'Copied to clipboard' }),
      () => toast({ title: 'Copy failed', description: 'Your browser did not allow it.', variant: 'destructive' }),
    );

  const messages = [...(history.data?.pages.flatMap((page) => page.items) ?? [])].reverse();
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    if (sent > 0) newestRef.current?.scrollIntoView({ block: 'nearest' });
  }, [sent, newestId, ask.isPending, failure]);
  const lastEntry = failure ? 'failure' : ask.isPending ? 'thinking' : newestId;

  return (
    <div className="training-columns">
      <section className="training-panel coach-chat" aria-labelledby="chat-title">
        <div className="goal-row__head">
          <h2 id="chat-title" className="training-panel__title">
            Your coach
          </h2>
          <label>
            <input type="checkbox" checked={audio} onChange={(event) => setAudio(event.target.checked)} /> Audio coaching
          </label>
        </div>
        {history.isLoading ? <LoadingBlock label="Loading your conversation" /> : null}
        {history.isError ? <LoadErrorPanel title="Failed to load your conversation" error={history.error} retry={() => void history.refetch()} /> : null}
        <ol className="coach-chat__log" aria-label="Conversation" aria-live="polite">
          {history.hasNextPage ? (
            <li>
              <Button size="sm" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
                Show earlier messages
              </Button>
            </li>
          ) : null}
          {messages.length === 0 && !history.isLoading ? <li className="goal-row__meta">Ask anything about your training: your coach answers from your own log, goals and plan.</li> : null}
          {messages.map((message) => (
            <li key={message.id} ref={lastEntry === message.id ? newestRef : undefined} className={`coach-message coach-message--${message.role}`}>
              {message.content}
              {message.role === 'assistant' ? (
                <div className="coach-message__tools">
                  {message.actions?.map((action) =>
                    action.adjustmentId && action.planId ? (
                      <Button key={action.adjustmentId} size="sm" variant="primary" onClick={() => setReviewing({ planId: action.planId!, adjustmentId: action.adjustmentId! })}>
                        Review the plan change
                      </Button>
                    ) : (
                      <span key={action.summary} className={`effort effort--${action.ok ? 'easy' : 'hard'}`}>
                        {action.summary}
                      </span>
                    ),
                  )}
                  <Button size="sm" variant="ghost" onClick={() => copy(message)}>
                    Copy
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={saved.has(message.id)}
                    onClick={() => {
                      setSaved((current) => new Set(current).add(message.id));
                      toast({ title: 'Message Saved', description: 'Kept on this page while it is open.' });
                    }}
                  >
                    {saved.has(message.id) ? 'Saved' : 'Save'}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
          {ask.isPending ? (
            <li ref={lastEntry === 'thinking' ? newestRef : undefined} className="coach-message coach-message--assistant">
              Thinking…
            </li>
          ) : null}
          {failure ? <li ref={newestRef} className="coach-message coach-message--assistant">⚠️ {failure} Try rephrasing your question, check your connection, or refresh the page.</li> : null}
        </ol>
        <form
          className="coach-chat__form"
          onSubmit={(event) => {
            event.preventDefault();
            send(draft);
          }}
        >
          <label className="visually-hidden" htmlFor="coach-input">
            Message to your coach
          </label>
          <textarea id="coach-input" rows={2} maxLength={2000} value={draft} onChange={(event) => setDraft(event.target.value)} onKeyDown={onKeyDown} placeholder="Ask your coach…" />
          <Button type="submit" variant="primary" disabled={!draft.trim() || ask.isPending}>
            Send
          </Button>
        </form>
      </section>
      <div className="training-stack">
        <section className="training-panel" aria-labelledby="prompts-title">
          <h2 id="prompts-title" className="training-panel__title">
            Quick Questions
          </h2>
          <div className="training-actions coach-prompts">
            {QUICK_PROMPTS.map((prompt) => (
              <Button key={prompt} size="sm" onClick={() => send(prompt)} disabled={ask.isPending}>
                {prompt}
              </Button>
            ))}
          </div>
        </section>
        {reviewing ? <AdjustmentReview planId={reviewing.planId} adjustmentId={reviewing.adjustmentId} unit={unit} onDone={() => setReviewing(undefined)} /> : null}
      </div>
    </div>
  );
}
