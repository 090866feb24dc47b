import { CtaCard } from '../components/ui/Card.tsx';
import { IconWrapper } from '../components/ui/Icon.tsx';
import { useSite } from '../site.ts';
import styles from './GettingStartedSection.module.css';

export interface GettingStartedCard {
  title: string;
  body: string;
  linkText: string;
  pageKey: string;
  icon: string;
}

/** Spec 2.4 item 6: the two cards, their words and the named routes they go to. */
export function gettingStartedCards(brand: string): GettingStartedCard[] {
  return [
    {
      title: `Get started on ${brand} as a small business`,
      body: `All the information you need to set up and start using ${brand}.`,
      linkText: 'Get started',
      pageKey: 'gettingStarted',
      icon: 'plant',
    },
    {
      title: `Get started on ${brand} as an accountant or bookkeeper`,
      body: `Sign up to the partner program and get started using ${brand}.`,
      linkText: 'Get started',
      pageKey: 'accountantsAndBookkeepers',
      icon: 'networking-people',
    },
  ];
}

/** The getting-started section: a call-to-action card per audience. */
export function GettingStartedSection() {
  const site = useSite();
  if (!site) return null;
  return (
    <section className={styles.section} aria-labelledby="getting-started-heading">
      <h2 id="getting-started-heading" className="visually-hidden">
        Getting started
      </h2>
      <ul className={styles.cards}>
        {gettingStartedCards(site.config.brand).map((card) => (
          <li key={card.pageKey} className={styles.item}>
            <CtaCard
              title={card.title}
              body={card.body}
              url={site.contract.path(card.pageKey) ?? '/'}
              ctaText={card.linkText}
              linkOn="cta"
              headingLevel={3}
              media={<IconWrapper icon={card.icon} color="blue" size="xlarge" />}
              className={styles.card}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
