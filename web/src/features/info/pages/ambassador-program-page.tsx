/** /ambassador-program: what a RaceFinder ambassador does, honestly a program at its start, and the contact form to join. */
import { ContactButton, ContactCallToAction, InfoCards, InfoPage, InfoSection } from '../components/info-page.tsx';

export default function AmbassadorProgramPage() {
  return (
    <InfoPage
      eyebrow="Community"
      title="Ambassador Program"
      lede="Ambassadors are athletes who know their local racing scene: the races worth running, the clubs, the organizers. They help other athletes find their next race and help us keep RaceFinder right."
      actions={<ContactButton topic="ambassador">Become an ambassador</ContactButton>}
    >
      <InfoSection title="What ambassadors do">
        <InfoCards
          cards={[
            { title: 'Keep local listings right', text: 'Tell us about races in your area that are missing, moved or cancelled, so athletes find the real calendar.' },
            { title: 'Connect organizers', text: 'Point race directors you know to RaceFinder, so they can claim their races and keep them up to date.' },
            { title: 'Bring your club’s view', text: 'Tell us what your club and training partners need from RaceFinder and what gets in their way.' },
            { title: 'Share races you love', text: 'Help athletes discover the races you know well, with your honest word on them.' },
          ]}
        />
      </InfoSection>

      <InfoSection title="A program at its start">
        <p>
          We are starting the program small, with people who run and race regularly and are part of a club or local scene. There is no application form, no quota
          and no fee: write to us and tell us where you run, which club or races you are part of, and how you would like to help.
        </p>
      </InfoSection>

      <ContactCallToAction
        topic="ambassador"
        title="Interested?"
        text="Tell us about yourself and your local racing scene."
        button="Contact us about the ambassador program"
      />
    </InfoPage>
  );
}
