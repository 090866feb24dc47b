import { useRef, useState, type ReactNode } from 'react';
import {
  AVATAR_PALETTE_COUNT,
  BUTTON_VARIANTS,
  ICON_NAMES,
  ICON_WRAPPER_COLORS,
  TOAST_VARIANTS,
} from '~core/ui';
import { Heading, SideNavRegistry, useSideNavRegistry } from '~app/components/Heading.tsx';
import { SideNavigation } from '~app/components/SideNavigation.tsx';
import { Avatar } from '~app/components/ui/Avatar.tsx';
import { BackgroundImage } from '~app/components/ui/BackgroundImage.tsx';
import { Button, StyledLink } from '~app/components/ui/Button.tsx';
import { CtaCard, GenericCard } from '~app/components/ui/Card.tsx';
import { ComponentBoundary } from '~app/components/ui/ComponentInitError.tsx';
import { AlertDialog, ConfirmDialog, Dialog } from '~app/components/ui/Dialog.tsx';
import { Icon, IconWrapper } from '~app/components/ui/Icon.tsx';
import { Column, PageSection } from '~app/components/ui/PageSection.tsx';
import { ProgressBar } from '~app/components/ui/ProgressBar.tsx';
import { ToastContainer, showToast } from '~app/components/ui/Toasts.tsx';
import styles from './gallery.module.css';

export const PRIMITIVE_SECTIONS = [
  ['avatar', 'Avatar'],
  ['progress-bar', 'Progress bar'],
  ['buttons', 'Buttons and styled links'],
  ['icons', 'Icons and icon wrapper'],
  ['headings', 'Headings'],
  ['generic-card', 'Generic card'],
  ['cta-card', 'Call-to-action card'],
  ['dialogs', 'Dialogs'],
  ['toasts', 'Toasts'],
  ['init-error', 'Component initialisation error'],
  ['page-sections', 'Page sections and columns'],
  ['background-image', 'Background image'],
] as const;

type SectionId = (typeof PRIMITIVE_SECTIONS)[number][0];

function Block({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = PRIMITIVE_SECTIONS.find(([key]) => key === id)?.[1];
  return (
    <section className={styles.block} id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

function State({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.state}>
      <h3>{title}</h3>
      {children}
    </div>
  );
}

const PHOTO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#8fb8e0"/><circle cx="32" cy="24" r="12" fill="#f4d7b8"/><path d="M10 64a22 22 0 0 1 44 0z" fill="#0b5cab"/></svg>',
  );

function AvatarBlock() {
  return (
    <Block id="avatar">
      <State title="Photo, and the default user photo ('/005/') shown as initials">
        <div className={styles.row}>
          <Avatar imageUrl={PHOTO} userName="Sam Photo" size="large" />
          <Avatar
            imageUrl="https://example.com/profilephoto/005/T"
            userName="Default Photo"
            uuid="005default"
            size="large"
          />
          <Avatar userName="" size="large" />
        </div>
        <p className={styles.note}>
          The third has no name: it shows the brand&apos;s initial in palette 1.
        </p>
      </State>
      <State title={`The ${AVATAR_PALETTE_COUNT} palettes`}>
        <div className={styles.row} data-testid="avatar-palettes">
          {Array.from({ length: 40 }, (_, index) => `uuid-${index}`).map((uuid) => (
            <Avatar key={uuid} userName={`Person ${uuid}`} uuid={uuid} />
          ))}
        </div>
      </State>
      <State title="Sizes: xsmall, small, large, xlarge, auto; business style; three initials">
        <div className={styles.row}>
          <Avatar userName="Xavier Small" size="xsmall" uuid="a" />
          <Avatar userName="Sam Small" uuid="b" />
          <Avatar userName="Lee Large" size="large" uuid="c" />
          <Avatar userName="Xena Large" size="xlarge" uuid="d" />
          <div style={{ width: 56 }}>
            <Avatar userName="Auto Size" size="auto" uuid="e" />
          </div>
          <Avatar userName="Acme Business Ltd" size="large" businessStyle uuid="f" />
          <Avatar userName="Ada Byron Lovelace" size="large" abbrMaxChars={3} uuid="g" />
        </div>
      </State>
    </Block>
  );
}

function ProgressBlock() {
  return (
    <Block id="progress-bar">
      <State title="Step 2 of 5, animated">
        <ProgressBar total={5} progress={2} progressLabel="Onboarding progress" animate />
      </State>
      <State title="Finished">
        <ProgressBar total={5} progress={5} />
      </State>
      <State title="Not started (no step text at zero)">
        <ProgressBar total={5} progress={0} />
      </State>
      <State title="Points towards the next tier (no step text)">
        <ProgressBar
          total={400}
          progress={150}
          progressLabel="Points to Silver"
          showStepText={false}
        />
      </State>
      <State title="Not numbers: nothing is drawn">
        <div data-testid="progress-not-numbers">
          <ProgressBar total="5" progress={2} />
        </div>
      </State>
    </Block>
  );
}

function ButtonsBlock() {
  const [clicks, setClicks] = useState(0);
  return (
    <Block id="buttons">
      <State title="Variants">
        <div className={styles.row}>
          {BUTTON_VARIANTS.filter((variant) => variant !== 'inverse' && variant !== 'icon').map(
            (variant) => (
              <Button key={variant} label={variant} variant={variant} />
            ),
          )}
          <Button label="Settings" variant="icon" iconName="settings" />
        </div>
        <div className={`${styles.row} ${styles.dark}`}>
          <Button label="inverse" variant="inverse" />
        </div>
      </State>
      <State title="Sizes">
        <div className={styles.row}>
          <Button label="Large" variant="main" size="large" />
          <Button label="Medium" variant="main" />
          <Button label="Small" variant="main" size="small" />
        </div>
      </State>
      <State title="Icons, disabled, rendered as a link">
        <div className={styles.row}>
          <Button label="Add step" iconName="plus" />
          <Button label="Next" iconName="right-arrow" iconPosition="right" variant="main" />
          <Button label="Disabled" disabled />
          <Button label="Disabled link" href="/s/" disabled />
          <Button label="Partner dashboard" href="/0/partners" variant="main" />
          <Button label="Add a client" href="https://app.example.com/clients/new" newWindow />
        </div>
      </State>
      <State title="Full width">
        <Button label="Full width" variant="main" fullWidth />
      </State>
      <State title="Styled links">
        <div className={styles.row}>
          <StyledLink label="Your points and benefits" href="#buttons" iconName="right-arrow" />
          <StyledLink label="Back" href="#buttons" iconName="chevron-left" iconPosition="left" />
          <StyledLink label="Guide (new window)" href="https://example.com/" newWindow />
          <StyledLink
            label="Counted, not followed"
            href="/s/"
            iconName="right-arrow"
            preventNavigation
            onLinkClick={() => setClicks((count) => count + 1)}
          />
        </div>
        <p className={styles.note} data-testid="link-clicks">
          Link-click events: {clicks}
        </p>
      </State>
    </Block>
  );
}

function IconsBlock() {
  return (
    <Block id="icons">
      <State title={`All ${ICON_NAMES.length} icon names`}>
        <ul className={styles.icons}>
          {ICON_NAMES.map((name) => (
            <li key={name}>
              <Icon name={name} />
              <code>{name}</code>
            </li>
          ))}
        </ul>
      </State>
      <State title="Sizes xx-small to large">
        <div className={styles.row}>
          {(['xx-small', 'x-small', 'small', 'medium', 'large'] as const).map((size) => (
            <Icon key={size} name="trophy" size={size} label={`Trophy, ${size}`} />
          ))}
        </div>
      </State>
      <State title="Icon wrapper: colours, alpha and solid, circle and square, 40px and 60px">
        <div className={styles.row}>
          {ICON_WRAPPER_COLORS.map((color) => (
            <IconWrapper key={color} icon="points" color={color} />
          ))}
          {ICON_WRAPPER_COLORS.map((color) => (
            <IconWrapper key={`solid-${color}`} icon="points" color={color} bgOverlay="solid" />
          ))}
          <IconWrapper icon="lock" type="square" />
          <IconWrapper icon="trophy" size="xlarge" label="Trophy" />
          <IconWrapper
            icon="diamond"
            size="xlarge"
            type="square"
            bgOverlay="solid"
            color="violet"
          />
        </div>
      </State>
    </Block>
  );
}

function HeadingsBlock() {
  const registry = useSideNavRegistry();
  return (
    <Block id="headings">
      <State title="Levels 3 to 6 (1 and 2 are this page's own)">
        <Heading level={3}>Level 3 heading</Heading>
        <Heading level={4}>Level 4 heading</Heading>
        <Heading level={5}>Level 5 heading</Heading>
        <Heading level={6}>Level 6 heading</Heading>
      </State>
      <State title="Level 7: nothing is rendered">
        <div data-testid="heading-level-7">
          <Heading level={7}>Never shown</Heading>
        </div>
      </State>
      <State title="Visually hidden (read by screen readers only)">
        <div data-testid="heading-hidden">
          <Heading level={4} visuallyHidden>
            A hidden heading
          </Heading>
        </div>
      </State>
      <State title="Registered with a side navigation">
        <div className={styles.sideNavDemo}>
          <SideNavigation headings={registry.headings} label="Gallery headings" />
          <SideNavRegistry.Provider value={registry.register}>
            <div>
              <Heading level={4} sideNav={{ heading: 'Before you start' }}>
                Before you start
              </Heading>
              <p>Registered headings appear in the side navigation, ordered by sideNavOrder.</p>
              <Heading
                level={4}
                sideNav={{
                  heading: 'A long heading',
                  sideNavTitle: 'Short title',
                  sideNavOrder: 1,
                }}
              >
                A long heading
              </Heading>
            </div>
          </SideNavRegistry.Provider>
        </div>
      </State>
    </Block>
  );
}

function GenericCardBlock() {
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

function CtaCardBlock() {
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

function DialogsBlock() {
  const [open, setOpen] = useState<'plain' | 'confirm' | 'alert' | null>(null);
  const [processing, setProcessing] = useState(false);
  const [result, setResult] = useState('');
  const close = () => setOpen(null);
  const firstField = useRef<HTMLInputElement>(null);
  return (
    <Block id="dialogs">
      <div className={styles.row}>
        <Button label="Open dialog" onClick={() => setOpen('plain')} />
        <Button label="Open confirm dialog" onClick={() => setOpen('confirm')} />
        <Button label="Open alert" onClick={() => setOpen('alert')} />
      </div>
      <p className={styles.note} role="status" data-testid="dialog-result">
        {result}
      </p>
      <Dialog
        open={open === 'plain'}
        onClose={() => {
          setResult('Dialog closed');
          close();
        }}
        title="Edit your display name"
        initialFocusRef={firstField}
        footer={
          <Button
            label="Save"
            variant="main"
            onClick={() => {
              setResult('Saved');
              close();
            }}
          />
        }
      >
        <label htmlFor="gallery-display-name">Display name</label>{' '}
        <input id="gallery-display-name" ref={firstField} defaultValue="Sam" />
      </Dialog>
      <ConfirmDialog
        open={open === 'confirm'}
        title="Remove this step?"
        processing={processing}
        onClose={() => {
          setResult('Cancelled');
          close();
        }}
        onConfirm={() => {
          setProcessing(true);
          window.setTimeout(() => {
            setProcessing(false);
            setResult('Confirmed');
            close();
          }, 800);
        }}
      >
        <p>The step moves to your dismissed steps.</p>
      </ConfirmDialog>
      <AlertDialog
        open={open === 'alert'}
        onClose={() => {
          setResult('Alert acknowledged');
          close();
        }}
      >
        <p>Your changes were saved, but the summary will update in a few minutes.</p>
      </AlertDialog>
    </Block>
  );
}

function ToastsBlock() {
  return (
    <Block id="toasts">
      <div className={styles.row}>
        {TOAST_VARIANTS.map((variant) => (
          <Button
            key={variant}
            label={`Show ${variant} toast`}
            onClick={() =>
              showToast({
                variant,
                title: `${variant[0]?.toUpperCase()}${variant.slice(1)} toast`,
                message: 'This is what a toast of this kind looks like.',
              })
            }
          />
        ))}
        <Button
          label="Show a toast that closes itself"
          onClick={() => showToast({ title: 'Saved', variant: 'success', durationMs: 3000 })}
        />
      </div>
      <p className={styles.note}>
        The page mounts two toast containers; only one draws (at most one per page).
      </p>
      <ToastContainer />
      <ToastContainer />
    </Block>
  );
}

function Broken({ fail }: { fail: boolean }): ReactNode {
  if (fail) throw new Error('The gallery asked this block to fail.');
  return <p className={styles.note}>Working normally.</p>;
}

function InitErrorBlock() {
  const [failures, setFailures] = useState(0);
  return (
    <Block id="init-error">
      <p className={styles.note}>
        The first failure on a page opens the error dialog; later failures are flagged and reported,
        without a second dialog.
      </p>
      <div className={styles.row}>
        <Button
          label="Break a block"
          variant="negative"
          onClick={() => setFailures((count) => count + 1)}
        />
      </div>
      <ComponentBoundary component="Gallery sample">
        <Broken fail={failures >= 1} />
      </ComponentBoundary>
      <ComponentBoundary component="Second gallery sample">
        <Broken fail={failures >= 2} />
      </ComponentBoundary>
    </Block>
  );
}

function PageSectionsBlock() {
  const layouts: number[][] = [[12], [6, 6], [4, 8], [8, 4], [4, 4, 4], [2, 10], [2, 4, 6]];
  return (
    <Block id="page-sections">
      <State title="Default: one column 'Column 1', 12 of 12">
        <PageSection className={styles.sectionDemo}>
          <div className={styles.cell}>Column 1 · 12/12</div>
        </PageSection>
      </State>
      {layouts.slice(1).map((widths) => (
        <State key={widths.join('-')} title={`Columns ${widths.join(' + ')}`}>
          <PageSection className={styles.sectionDemo}>
            {widths.map((width, index) => (
              <Column key={index} width={width} label={`Column ${index + 1}`}>
                <div className={styles.cell}>
                  Column {index + 1} · {width}/12
                </div>
              </Column>
            ))}
          </PageSection>
        </State>
      ))}
    </Block>
  );
}

function BackgroundImageBlock() {
  return (
    <Block id="background-image">
      <State title="SrcSet: mobile, tablet and desktop images, contained at the right">
        <BackgroundImage
          className={styles.backgroundDemo}
          config={{
            AltText: 'A support agent answering a call',
            bgPosition: 'right center',
            bgSizeOrRepeat: 'contain',
            SrcSet: {
              mobile: 'hero_images/learning.svg',
              tablet: 'hero_images/support.svg',
              desktop: 'hero_images/support.svg',
            },
          }}
        >
          <p>Content over the background</p>
        </BackgroundImage>
      </State>
      <State title="Repeated pattern, no alt text (decorative)">
        <BackgroundImage
          className={styles.backgroundDemo}
          config={{ bgSizeOrRepeat: 'repeat', SrcSet: { mobile: 'tier_badges/starter.svg' } }}
        >
          <p>Decorative background</p>
        </BackgroundImage>
      </State>
    </Block>
  );
}

/** Every primitive of app/components/ui in each of its states. */
export function PrimitivesGallery() {
  return (
    <>
      <AvatarBlock />
      <ProgressBlock />
      <ButtonsBlock />
      <IconsBlock />
      <HeadingsBlock />
      <GenericCardBlock />
      <CtaCardBlock />
      <DialogsBlock />
      <ToastsBlock />
      <InitErrorBlock />
      <PageSectionsBlock />
      <BackgroundImageBlock />
    </>
  );
}
