import './numbered-steps.css';

export interface Step {
  readonly title: string;
  readonly text: string;
}

/** A flow explained in a few numbered cards: the number is decoration, the list's order says it. */
export function NumberedSteps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="numbered-steps">
      {steps.map((step, index) => (
        <li key={step.title} className="numbered-steps__item">
          <span className="numbered-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h2 className="numbered-steps__title">{step.title}</h2>
            <p className="numbered-steps__text">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
