import { useState } from 'react';
import {
  AVATAR_MAX_INITIALS,
  avatarImageUrl,
  avatarInitials,
  avatarPalette,
  resolveAvatarSize,
  type AvatarSize,
} from '~core/ui';
import { useSiteConfig } from '~app/site.ts';
import styles from './Avatar.module.css';

export interface AvatarProps {
  imageUrl?: string | null;
  /** Whose avatar it is; defaults to the brand name (spec 3). Also the accessible name. */
  userName?: string;
  /** Picks one of the 10 palettes; palette 1 when empty. */
  uuid?: string | null;
  size?: AvatarSize;
  /** A rounded square instead of a circle. */
  businessStyle?: boolean;
  abbrMaxChars?: number;
  /** Hidden from assistive technology when the text next to it already names the person. */
  decorative?: boolean;
  className?: string;
}

/** Spec 3 and 5 'Avatar': the photo, or coloured initials when there is no real photo. */
export function Avatar({
  imageUrl,
  userName,
  uuid,
  size,
  businessStyle = false,
  abbrMaxChars = AVATAR_MAX_INITIALS,
  decorative = false,
  className,
}: AvatarProps) {
  const brand = useSiteConfig()?.brand ?? '';
  const name = userName?.trim() ? userName : brand;
  const source = avatarImageUrl(imageUrl);
  // A photo that fails to load falls back to initials rather than a broken-image icon.
  const [failedSource, setFailedSource] = useState<string | undefined>(undefined);
  const showImage = source !== undefined && source !== failedSource;
  const classes = [
    styles.avatar,
    styles[resolveAvatarSize(size)],
    businessStyle ? styles.business : undefined,
    showImage ? undefined : styles[`palette${avatarPalette(uuid)}`],
    className,
  ].filter(Boolean);

  const label = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': name };
  return (
    <span className={classes.join(' ')} {...label} data-avatar={showImage ? 'image' : 'initials'}>
      {showImage ? (
        <img className={styles.image} src={source} alt="" onError={() => setFailedSource(source)} />
      ) : (
        <span className={styles.initials} aria-hidden="true">
          {avatarInitials(name, abbrMaxChars)}
        </span>
      )}
    </span>
  );
}
