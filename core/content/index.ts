export * from './content-format.ts';
export * from './content-limits.ts';
export * from './side-navigation.ts';
export * from './rich-text/allow-list.ts';
export * from './rich-text/external-link-marker.ts';
export * from './rich-text/plain-text.ts';
export * from './rich-text/render.ts';
export * from './rich-text/video-embed.ts';
