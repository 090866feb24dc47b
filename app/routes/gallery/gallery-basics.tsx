import { useState } from 'react';
import { AVATAR_PALETTE_COUNT, BUTTON_VARIANTS, ICON_NAMES, ICON_WRAPPER_COLORS } from '~core/ui';
import { Heading, SideNavRegistry, useSideNavRegistry } from '~app/components/Heading.tsx';
import { SideNavigation } from '~app/components/SideNavigation.tsx';
import { Avatar } from '~app/components/ui/Avatar.tsx';
import { Button, StyledLink } from '~app/components/ui/Button.tsx';
import { Icon, IconWrapper } from '~app/components/ui/Icon.tsx';
import { ProgressBar } from '~app/components/ui/ProgressBar.tsx';
import styles from './gallery.module.css';
import { Block, State } from './gallery-frame.tsx';

/* Avatars, progress bars, buttons, icons and headings in each of their states. */

const PHOTO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#8fb8e0"/><circle cx="32" cy="24" r="12" fill="#f4d7b8"/><path d="M10 64a22 22 0 0 1 44 0z" fill="#0b5cab"/></svg>',
  );

export function AvatarBlock() {
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

export function ProgressBlock() {
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

export function ButtonsBlock() {
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

export function IconsBlock() {
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

export function HeadingsBlock() {
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
