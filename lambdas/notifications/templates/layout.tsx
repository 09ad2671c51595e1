/**
 * The one frame of every notification e-mail: the brand, the heading and greeting, the kind's body, one button
 * to what the message is about, and a footer that says why the reader got it, with their settings and the
 * one-click unsubscribe. React Email's components write the table-based, inline-styled HTML mail clients need
 * and React escapes every value, so a race title is never markup. Plain text comes from this same HTML
 * (render-message.ts), so the two parts cannot say different things.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from 'react-email';
import { NOTIFICATION_KIND_INFO, isEssentialKind } from '#shared/schemas/notifications';
import type { MessageContent, MessageContext } from './message-context.ts';

const INK = '#1f2933';
const MUTED = '#52606d';
const BRAND = '#0b6e4f';

const styles = {
  body: { backgroundColor: '#f4f5f7', margin: 0, padding: '24px 0', fontFamily: 'Helvetica, Arial, sans-serif', color: INK },
  container: { maxWidth: '600px', backgroundColor: '#ffffff', borderRadius: '8px', padding: '24px 32px' },
  brand: { color: BRAND, fontSize: '20px', fontWeight: 700, textDecoration: 'none' },
  heading: { fontSize: '22px', lineHeight: '30px', margin: '16px 0 8px' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '12px 0' },
  facts: { fontSize: '16px', lineHeight: '26px', margin: '12px 0', padding: '12px 16px', backgroundColor: '#f4f5f7', borderRadius: '6px' },
  note: { fontSize: '15px', lineHeight: '22px', margin: '12px 0', padding: '8px 16px', borderLeft: `4px solid ${BRAND}`, color: MUTED },
  button: { backgroundColor: BRAND, color: '#ffffff', fontSize: '16px', fontWeight: 700, borderRadius: '6px', padding: '12px 20px' },
  footer: { fontSize: '13px', lineHeight: '20px', color: MUTED, margin: '8px 0' },
  footerLink: { color: MUTED, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/** 'Label: value' lines in one block; plain text keeps them one to a line. Empty values are left out. */
export function Facts({ facts }: { facts: readonly (readonly [label: string, value: ReactNode | undefined])[] }) {
  const shown = facts.filter(([, value]) => value !== undefined && value !== '');
  return (
    <Text style={styles.facts}>
      {shown.map(([label, value], index) => (
        <span key={`${index}-${label}`}>
          {index > 0 ? <br /> : null}
          <strong>{label}:</strong> {value}
        </span>
      ))}
    </Text>
  );
}

/** A note written by a person (an admin's decision notes), set apart from what RaceFinder says. */
export function Note({ from, children }: { from: string; children: ReactNode }) {
  return (
    <Text style={styles.note}>
      <strong>{from}:</strong> {children}
    </Text>
  );
}

export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: BRAND }}>
      {children}
    </Link>
  );
}

export function EmailLayout({ content, context }: { content: MessageContent; context: MessageContext }) {
  const { kind, reader, links } = context;
  const info = NOTIFICATION_KIND_INFO[kind];
  const essential = isEssentialKind(kind);
  return (
    <Html lang="en">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Preview useTitleTag={false}>{content.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Link href={links.siteUrl} style={styles.brand}>
            RaceFinder
          </Link>
          <Heading as="h1" style={styles.heading}>
            {content.heading}
          </Heading>
          <Paragraph>{reader.name ? `Hi ${reader.name},` : 'Hi,'}</Paragraph>
          {content.body}
          <Section style={{ margin: '24px 0' }}>
            <Button href={content.action.href} style={styles.button}>
              {content.action.label}
            </Button>
          </Section>
          <Hr />
          <Text style={styles.footer}>
            You&apos;re getting this e-mail because {content.because ?? info.because}.{' '}
            {essential ? 'It is about your account, so RaceFinder always sends it. ' : ''}
            It was sent to {reader.email}.
          </Text>
          <Text style={styles.footer}>
            <Link href={context.url('/settings/notifications')} style={styles.footerLink}>
              Notification settings
            </Link>
            {' · '}
            <Link href={links.unsubscribePageUrl ?? links.unsubscribeUrl} style={styles.footerLink}>
              {essential ? 'Unsubscribe from all other RaceFinder e-mails' : 'Unsubscribe from these e-mails'}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
