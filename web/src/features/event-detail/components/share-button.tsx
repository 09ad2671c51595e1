import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ShareIcon } from '../../../components/detail-icons.tsx';

/**
 * Shares the page through the system share sheet where there is one (phones), otherwise copies the link.
 * Dismissing the share sheet is not a failure.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const { toast } = useToast();

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Share sheets can refuse (no handler, permissions); copying still works.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'The link to this event is on your clipboard.' });
    } catch {
      toast({ title: "Couldn't copy the link", description: url, variant: 'destructive' });
    }
  }

  return (
    <Button onClick={() => void share()}>
      <ShareIcon size={18} />
      Share
    </Button>
  );
}
