import { useState } from 'react';
import { Button, StyledLink } from '~app/components/ui/Button.tsx';
import { CtaCard } from '~app/components/ui/Card.tsx';
import { GenericCard } from '~app/components/ui/GenericCard.tsx';
import { IconWrapper } from '~app/components/ui/Icon.tsx';
import { ProgressBar } from '~app/components/ui/ProgressBar.tsx';
import styles from './gallery.module.css';
import { Block, State } from './gallery-frame.tsx';

/* Generic and call-to-action cards in each of their states. */

export function GenericCardBlock() {
  const parts = {
    headerIcon: 'book-bookmark',
    headerLabel: 'Guide',
    heading: 'Set up payroll',
    bodyHtml:
      '<p>Everything you need to pay your team on time, with <strong>rich text</strong>.</p>',
    extraBody: <p className={styles.note}>Extra body: 12 minute read</p>,
    footer: <StyledLink label="Read the guide" href="#generic-card" iconName="right-arrow" />,
  };
  return (
    <Block id="generic-card">
      <div className={styles.grid}>
        <State title="Every part">
          <GenericCard {...parts} />
        </State>
        <State title="Header and footer hidden">
          <GenericCard {...parts} hideHeader hideFooter />
        </State>
        <State title="Body hidden, heading level 4">
          <GenericCard {...parts} hideBody hideExtraBody headingLevel={4} />
        </State>
      </div>
    </Block>
  );
}

export function CtaCardBlock() {
  const [clicks, setClicks] = useState(0);
  const [selected, setSelected] = useState('monthly');
  return (
    <Block id="cta-card">
      <div className={styles.grid}>
        <State title="Site link, image, CTA text with arrow">
          <CtaCard
            title="Get started as a small business"
            body="All the information you need to set up and start using the app."
            url="#cta-card"
            ctaText="Get started"
            imageUrl="hero_images/support.svg"
            onCardClick={(event) => {
              event.preventDefault();
              setClicks((count) => count + 1);
            }}
          />
          <p className={styles.note} data-testid="card-clicks">
            Card clicks: {clicks}
          </p>
        </State>
        <State title="External link: new tab">
          <CtaCard
            title="Add a new client"
            body="Opens the accounting app."
            url="https://app.example.com/clients/new"
            ctaText="Open the app"
            ctaIconName="external"
          />
        </State>
        <State title="Link on the CTA text, with slots">
          <CtaCard
            title="Next up: Set up your practice profile"
            headingLevel={4}
            body="Add your logo and services."
            url="#cta-card"
            ctaText="Continue your partner onboarding"
            linkOn="cta"
            topContent={<p className={styles.note}>Top content slot</p>}
            action={<Button label="Action slot" size="small" />}
          />
        </State>
      </div>
      <State title="Selected state">
        <div className={styles.grid} role="group" aria-label="Plans">
          {['monthly', 'yearly'].map((plan) => (
            <CtaCard
              key={plan}
              title={plan === 'monthly' ? 'Pay monthly' : 'Pay yearly'}
              body="Choose how often you pay."
              url={`#${plan}`}
              selected={selected === plan}
              onCardClick={(event) => {
                event.preventDefault();
                setSelected(plan);
              }}
            />
          ))}
        </div>
      </State>
      <div className={styles.grid}>
        <State title="Progress layout">
          <CtaCard
            title="Partner onboarding"
            url="#cta-card"
            layout="progress"
            imageUrl="hero_images/learning.svg"
            optionalContent={
              <ProgressBar total={4} progress={3} progressLabel="Onboarding progress" />
            }
          />
        </State>
        <State title="Pathway-link style">
          <CtaCard
            title="Learn the basics of invoicing"
            url="#cta-card"
            pathwayLink
            ctaText="Start"
            media={<IconWrapper icon="book-bookmark" />}
          />
        </State>
      </div>
    </Block>
  );
}
