/**
 * The one layout of RaceFinder's informative pages (/about, /faq, /terms, /privacy, /sponsorship, /partners,
 * /corporate, /volunteer, /ambassador-program): the page header, sections of text and cards, and a call to
 * action that opens the contact form with the page's topic chosen. Plain markup and one stylesheet, so each
 * page's chunk is its words and little else.
 */
import { useId, type ReactNode } from 'react';
import { contactPath, type ContactTopic } from '#shared/contact';
import { ButtonLink } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import './info-page.css';

export interface InfoPageProps {
  readonly title: string;
  /** The sentence under the title: what the page is about, in plain words. */
  readonly lede: string;
  readonly eyebrow?: string;
  /** Buttons beside the title (the call to action, repeated where a reader starts). */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
}

export function InfoPage({ title, lede, eyebrow, actions, children }: InfoPageProps) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} lede={lede} eyebrow={eyebrow} actions={actions} />
      <div className="container info-page">{children}</div>
    </>
  );
}

/** A titled section of an informative page. */
export function InfoSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <section className="info-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="info-section__title">
        {title}
      </h2>
      <div className="info-section__body">{children}</div>
    </section>
  );
}

export interface InfoCard {
  readonly title: string;
  readonly text: ReactNode;
  /** A figure or label shown above the title ('$1 a day'). */
  readonly tag?: string;
}

/** A few short points side by side (one column on phones); `ordered` when they are steps in order. */
export function InfoCards({ cards, label, ordered = false }: { cards: readonly InfoCard[]; label?: string; ordered?: boolean }) {
  const items = cards.map((card, index) => (
    <li key={card.title} className="info-card">
      {card.tag ? <p className="info-card__tag">{card.tag}</p> : ordered ? <p className="info-card__tag" aria-hidden="true">Step {index + 1}</p> : null}
      <h3 className="info-card__title">{card.title}</h3>
      <div className="info-card__text">{card.text}</div>
    </li>
  ));
  return ordered ? (
    <ol className="info-cards" aria-label={label}>
      {items}
    </ol>
  ) : (
    <ul className="info-cards" aria-label={label}>
      {items}
    </ul>
  );
}

/** The link to the contact form with this page's topic chosen, as a button. */
export function ContactButton({ topic, children, variant = 'primary' }: { topic: ContactTopic; children: ReactNode; variant?: 'primary' | 'secondary' }) {
  return (
    <ButtonLink to={contactPath(topic)} variant={variant} size="lg">
      {children}
    </ButtonLink>
  );
}

/** The closing call to action: a heading, a sentence, and the contact form with the topic chosen. */
export function ContactCallToAction({ topic, title, text, button }: { topic: ContactTopic; title: string; text: string; button: string }) {
  const headingId = useId();
  return (
    <section className="info-cta" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className="info-cta__title">
          {title}
        </h2>
        <p className="info-cta__text">{text}</p>
      </div>
      <ContactButton topic={topic}>{button}</ContactButton>
    </section>
  );
}

export interface LegalSection {
  readonly id: string;
  readonly title: string;
  readonly body: ReactNode;
}

/**
 * A legal document (/terms, /privacy): the date it last changed, a list of its sections to jump to, and the
 * numbered sections.
 */
export function LegalDocument({ updated, sections }: { updated: string; sections: readonly LegalSection[] }) {
  const contentsId = useId();
  return (
    <div className="legal">
      <p className="legal__updated">
        Last updated: <time dateTime={updated}>{new Date(`${updated}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}</time>
      </p>
      <nav className="legal__contents" aria-labelledby={contentsId}>
        <h2 id={contentsId} className="legal__contents-title">
          Contents
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <InfoSection key={section.id} id={section.id} title={`${index + 1}. ${section.title}`}>
          {section.body}
        </InfoSection>
      ))}
    </div>
  );
}
