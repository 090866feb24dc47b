import type { CSSProperties, ReactNode } from 'react';
import { backgroundImage, cssUrl, type BackgroundImageConfig } from '~core/ui';
import styles from './BackgroundImage.module.css';

export interface BackgroundImageProps {
  config: BackgroundImageConfig;
  children?: ReactNode;
  className?: string;
}

/**
 * Spec 2.7 'Background image configuration': the SrcSet image for the viewport behind the
 * content. With AltText the image is announced (role img); without it it is decoration.
 */
export function BackgroundImage({ config, children, className }: BackgroundImageProps) {
  const image = backgroundImage(config);
  if (!image) return <div className={className}>{children}</div>;
  const style = {
    '--bg-mobile': cssUrl(image.sources.mobile),
    '--bg-tablet': cssUrl(image.sources.tablet),
    '--bg-desktop': cssUrl(image.sources.desktop),
    '--bg-position': image.position,
    '--bg-size': image.size,
    '--bg-repeat': image.repeat,
  } as CSSProperties;
  return (
    <div className={[styles.background, className].filter(Boolean).join(' ')} style={style}>
      {image.alt ? <span role="img" aria-label={image.alt} /> : null}
      {children}
    </div>
  );
}
