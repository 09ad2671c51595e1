/** A recap's story as the athlete typed it: paragraphs split on blank lines, each shown as text (never HTML). */
import { paragraphsOf } from '#shared/plain-text';

export function RecapText({ body }: { body: string }) {
  return (
    <div className="recap-text">
      {paragraphsOf(body).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
