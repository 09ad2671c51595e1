import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ShareIcon } from '../../../components/detail-icons.tsx';

/**
 * Shares the page through the system share sheet where there is one (phones), otherwise copies the link.
 * Dismissing the share sheet is not a failure. `path` is the site's own (/events/…); the link shared is its full
 * address where the page is open.
 */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const { toast } = useToast();

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: pageUrl(path) });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Share sheets can refuse (no handler, permissions); copying still works.
      }
    }
    try {
      await navigator.clipboard.writeText(pageUrl(path));
      toast({ title: 'Link copied', description: 'The link to this event is on your clipboard.' });
    } catch {
      toast({ title: "Couldn't copy the link", description: pageUrl(path), variant: 'destructive' });
    }
  }

  return (
    <Button onClick={() => void share()}>
      <ShareIcon size={18} />
      Share
    </Button>
  );
}

/** A path of this site as a full address: read from the open page, so only on a click (the server renders it too). */
export function pageUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
