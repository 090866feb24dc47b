import { BackgroundImage } from '~app/components/ui/BackgroundImage.tsx';
import { Column, PageSection } from '~app/components/ui/PageSection.tsx';
import styles from './gallery.module.css';
import { Block, State } from './gallery-frame.tsx';

/* Page sections with their columns, and background images. */

export function PageSectionsBlock() {
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

export function BackgroundImageBlock() {
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
