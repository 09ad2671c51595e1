/**
 * Downloads of a plan for a watch: a day's workout as a FIT workout file, a week as a ZIP of them, and the words
 * that say what to do with them. Buttons, not links: the files need the athlete's token, which a link cannot send.
 */
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDownloadWatchFile, type WatchFile } from '../api/use-training.ts';

/**
 * One download. `label` is what it shows; `name` says which workout or week, for screen readers, which hear the
 * label first so the two agree.
 */
export function WatchDownload({ file, label, name, look = 'link' }: { file: WatchFile; label: string; name: string; look?: 'link' | 'button' }) {
  const download = useDownloadWatchFile();
  const { toast } = useToast();
  const start = () =>
    download.mutate(file, {
      onSuccess: (filename) => toast({ title: 'Saved for your watch', description: `${filename} is in your downloads.` }),
      onError: (error) => toast({ title: 'Download failed', description: error.message, variant: 'destructive' }),
    });
  const text = download.isPending ? 'Preparing…' : label;
  const accessibleName = `${label}: ${name}`;
  if (look === 'button') {
    return (
      <Button size="sm" onClick={start} disabled={download.isPending} aria-label={accessibleName}>
        {text}
      </Button>
    );
  }
  return (
    <button type="button" className="watch-download" onClick={start} disabled={download.isPending} aria-label={accessibleName}>
      {text}
    </button>
  );
}

/** What the downloads are and where they go, said once above them. */
export function WatchDownloadsNote() {
  return (
    <p className="watch-note">
      <strong>On your watch:</strong> each workout downloads as a FIT workout file with your paces as targets, each week as a ZIP of
      them. Copy the .fit files to your watch's GARMIN/NewFiles folder over USB, or import them in Garmin Connect or
      COROS Training Hub.
    </p>
  );
}
